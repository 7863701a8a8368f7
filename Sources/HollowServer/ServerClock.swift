#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where the server reads the time: the timestamps of new posts and comments, the 120 s in which a
/// post's author may delete it, and the rate-limit windows.
///
/// Tests inject their own, so a rate-limit window passes without sleeping:
///
/// ```swift
/// let now = Mutex(1_700_000_000.0)
/// var configuration = ServerConfiguration()
/// configuration.clock = ServerClock { now.withLock { $0 } }
/// now.withLock { $0 += 2 }  // the search window is over
/// ```
public struct ServerClock: Sendable {
  /// Seconds since 1970.
  public let now: @Sendable () -> Double

  public init(_ now: @escaping @Sendable () -> Double) {
    self.now = now
  }

  /// The system's wall clock.
  public static let system = ServerClock { Date().timeIntervalSince1970 }

  /// Whole seconds since 1970, as the API's timestamps are.
  var seconds: Int { Int(now().rounded(.down)) }
}
