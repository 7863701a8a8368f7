#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One page of the tour: a short program about one feature family.
protocol PlaygroundPage {
  /// The name given on the command line.
  static var name: String { get }
  /// One line saying what the page shows.
  static var summary: String { get }
  /// Runs the page, printing what it demonstrates.
  static func run() async
}

/// Exits with status 2, the convention for a bad command line.
func exitWithUsageError() -> Never {
  exit(2)
}
