// swift-tools-version: 6.2
// Side-by-side benchmarks of Signal against its peers. This package is the one place
// in the repository with package dependencies; the root package has none.
//
// Each peer lives in its own workload module: Signal and OpenCombine both extend
// `Sequence` with `publisher`, so one module importing both would be ambiguous.
import PackageDescription

let package = Package(
  name: "Benchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(name: "Hollow", path: ".."),
    .package(url: "https://github.com/apple/swift-async-algorithms", exact: "1.1.4"),
    .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
  ],
  targets: [
    .target(name: "SignalWorkloads", dependencies: ["BaselineWorkloads", .product(name: "Signal", package: "Hollow")]),
    .target(name: "OpenCombineWorkloads", dependencies: [.product(name: "OpenCombine", package: "OpenCombine")]),
    .target(
      name: "AsyncAlgorithmsWorkloads",
      dependencies: ["BaselineWorkloads", .product(name: "AsyncAlgorithms", package: "swift-async-algorithms")]
    ),
    .target(name: "BaselineWorkloads"),
    .target(
      name: "ClientWorkloads",
      dependencies: [
        .product(name: "HollowKit", package: "Hollow"), .product(name: "HollowCache", package: "Hollow"),
        .product(name: "HollowServer", package: "Hollow"),
      ]
    ),
    .target(name: "ReaderWorkloads", dependencies: [.product(name: "HollowServer", package: "Hollow")]),
    .target(name: "CAllocationCounter"),
    .executableTarget(
      name: "signal-bench",
      dependencies: [
        "SignalWorkloads", "OpenCombineWorkloads", "AsyncAlgorithmsWorkloads", "BaselineWorkloads",
        "CAllocationCounter", "ClientWorkloads", "ReaderWorkloads",
      ]
    ),
  ]
)
