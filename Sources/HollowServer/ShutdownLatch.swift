import Foundation

/// A one-shot signal that wakes every thread waiting out a simulated delay when the server
/// shuts down, so `shutdown()` never waits for a latency the configuration asked for.
final class ShutdownLatch: @unchecked Sendable {
  // @unchecked: `fired` is read and written only while `condition` is locked, and
  // NSCondition is itself thread-safe. ShutdownLatchTests exercise it across threads.
  private let condition = NSCondition()
  private var fired = false

  /// Wakes every waiter now and makes every later wait return at once.
  func fire() {
    condition.lock()
    fired = true
    condition.broadcast()
    condition.unlock()
  }

  /// Waits for `duration`, or less if the latch fires. Returns `true` if it fired.
  @discardableResult
  func wait(for duration: Duration) -> Bool {
    let (seconds, attoseconds) = duration.components
    let deadline = Date(timeIntervalSinceNow: Double(seconds) + Double(attoseconds) / 1e18)
    condition.lock()
    defer { condition.unlock() }
    while !fired {
      if !condition.wait(until: deadline) { break }
    }
    return fired
  }
}
