import Foundation
import Synchronization

/// A wall clock that a test's demo server and its client share for the server's rate-limit windows:
/// it stands still until something sleeps on it, and a sleep moves it on at once. A client that
/// keeps a 6 s window therefore waits no real time, and the server sees the 6 s pass; a client that
/// did not keep the window is refused, as by the real backend.
///
/// ```swift
/// let time = VirtualTime()
/// configuration.clock = ServerClock(time.now)
/// let keeper = RateLimitKeeper(now: time.now, sleep: time.sleep)
/// ```
public final class VirtualTime: Sendable {
  private let seconds: Mutex<Double>

  /// Starts at `start` seconds since 1970 (the real time by default, so new posts read "just now").
  public init(start: Double = Date().timeIntervalSince1970) {
    seconds = Mutex(start)
  }

  /// Seconds since 1970.
  @Sendable public func now() -> Double {
    seconds.withLock { $0 }
  }

  /// ``now()`` as a date.
  public var date: Date { Date(timeIntervalSince1970: now()) }

  /// Moves the clock on by `duration` at once.
  ///
  /// - Throws: `CancellationError` when the task is cancelled.
  @Sendable public func sleep(for duration: Duration) async throws {
    try Task.checkCancellation()
    let (whole, attoseconds) = duration.components
    seconds.withLock { $0 += Double(whole) + Double(attoseconds) / 1e18 }
  }
}
