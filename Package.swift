// swift-tools-version: 6.0
// Hollow: the Signal stream library and a tree-hole client built on it.
// Zero package dependencies by design: only the standard library, Foundation, Dispatch,
// Synchronization, the C library and the system zlib (CZlib, a system-library target: the client's
// gzip answers and hollow-cli's PNG pictures inflate with it); OpenSSL is loaded at run time
// (CHollowTLS), its headers needed by the tests alone (COpenSSL). Peer libraries appear only in Benchmarks/.
// CHollowCRC32 is our own C (compiler intrinsics for the cache's checksum), not a dependency.
import PackageDescription

let package = Package(
  name: "Hollow",
  // Mutex (Synchronization) and typed-throws AsyncSequence need these OS versions on Apple platforms.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "Signal", targets: ["Signal"]),
    .library(name: "SignalTesting", targets: ["SignalTesting"]),
    .library(name: "HollowCache", targets: ["HollowCache"]),
    .library(name: "HollowKit", targets: ["HollowKit"]),
    // For the client benchmarks (Benchmarks/), which run the loaders against the demo server.
    .library(name: "HollowServer", targets: ["HollowServer"]),
    .executable(name: "hollow-cli", targets: ["hollow-cli"]),
  ],
  targets: [
    .target(name: "Signal"),
    .target(name: "SignalTesting", dependencies: ["Signal"]),
    // Swift cannot reach the carry-less multiply instructions; this one C file uses them for CRC-32.
    .target(name: "CHollowCRC32"),
    .target(name: "HollowCache", dependencies: ["CHollowCRC32"]),
    // https over HollowKit's own socket transport on Linux (macOS keeps URLSession). Nothing links libssl and
    // nothing needs OpenSSL's headers: CHollowTLS declares the part of OpenSSL's API the package calls, defines
    // each function and loads the library behind them on first use, so a start that makes no https request
    // does not pay for loading it.
    .target(name: "CHollowTLS", linkerSettings: [.linkedLibrary("dl")]),
    // The one wire layer of the client, the demo server and the test servers (package access, no product):
    // sockets whose waits have deadlines and a wake pipe, the detached thread, HTTP/1.1 start lines, head
    // scanning, field lines and chunked framing; and the one inflater (the client's gzip answers, the PNG decoder).
    .target(name: "HollowWire", dependencies: ["CZlib"]),
    .target(
      name: "HollowKit",
      dependencies: [
        "Signal", "HollowCache", "HollowWire", .target(name: "CHollowTLS", condition: .when(platforms: [.linux])),
      ]),
    .target(name: "HollowServer", dependencies: ["HollowKit", "HollowCache", "HollowWire"]),
    // The system zlib, for HollowWire's Inflater (the client's gzip answers, hollow-cli's PNG pictures); a system
    // library, not a package.
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
    .target(name: "HollowCLI", dependencies: ["Signal", "HollowKit", "HollowServer", "HollowWire"]),
    .executableTarget(name: "hollow-cli", dependencies: ["HollowCLI"]),
    .executableTarget(name: "Playground", dependencies: ["Signal", "SignalTesting"], path: "Playground"),
    // A second process for the HollowCache crash and multi-process tests (killed with SIGKILL mid-write).
    .executableTarget(name: "hollow-cache-crash-helper", dependencies: ["HollowCache"], path: "Tests/CacheCrashHelper"),
    // The contract table: every operator and source, held to the same cases by SignalTests and StressTests.
    .target(name: "OperatorContract", dependencies: ["Signal", "SignalTesting"], path: "Tests/OperatorContract"),
    .testTarget(name: "SignalTests", dependencies: ["Signal", "SignalTesting", "OperatorContract"]),
    .testTarget(name: "HollowCacheTests", dependencies: ["HollowCache"]),
    // Test scheduling shared by the suites that block or compute for long: off Swift's cooperative pool.
    .target(name: "TestScheduling", path: "Tests/TestScheduling"),
    // The system's OpenSSL headers and libraries, for the tests' loopback TLS server only (libssl-dev).
    .systemLibrary(
      name: "COpenSSL", path: "Tests/COpenSSL", pkgConfig: "openssl",
      providers: [.apt(["libssl-dev"]), .yum(["openssl-devel"]), .brew(["openssl"])]),
    // The loopback listening socket the hand-made hostile test servers start from, the heads they and the
    // test clients read (through the wire layer), and the gzip test servers answer with (GzipFixture).
    .target(name: "LoopbackTesting", dependencies: ["HollowWire", "CZlib"], path: "Tests/LoopbackTesting"),
    .testTarget(name: "HollowWireTests", dependencies: ["HollowWire", "LoopbackTesting"]),
    .testTarget(
      name: "HollowServerTests",
      dependencies: ["HollowServer", "HollowKit", "HollowCache", "HollowWire", "TestScheduling", "LoopbackTesting"]),
    .testTarget(
      name: "HollowKitTests",
      dependencies: [
        "HollowKit", "HollowServer", "HollowCache", "HollowWire", "Signal", "SignalTesting", "LoopbackTesting",
        "TestScheduling",
        // The loopback TLS test server.
        .target(name: "COpenSSL", condition: .when(platforms: [.linux])),
      ]),
    .testTarget(
      name: "HollowCLITests",
      dependencies: [
        "HollowCLI", "HollowKit", "HollowServer", "HollowWire", "TestScheduling", "LoopbackTesting", "Signal",
        "SignalTesting",
        // zlib's compress and crc32 build the PNG decoder's test images.
        "CZlib",
      ]),
    .testTarget(name: "StressTests", dependencies: ["Signal", "SignalTesting", "HollowCache", "OperatorContract"]),
  ]
)
