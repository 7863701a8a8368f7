import Dispatch
import Synchronization

/// A one-shot signal that wakes every thread waiting out a simulated delay when the server
/// shuts down, so `shutdown()` never waits for a latency the configuration asked for.
final class ShutdownLatch: Sendable {
  /// Entered once at birth and left once on firing: a wait on it returns when it fires.
  private let group = DispatchGroup()
  private let fired = Atomic(false)

  init() {
    group.enter()
  }

  deinit {
    // Dispatch traps on a group released while entered.
    fire()
  }

  /// Wakes every waiter now and makes every later wait return at once.
  func fire() {
    if !fired.exchange(true, ordering: .acquiringAndReleasing) { group.leave() }
  }

  /// Waits for `duration`, or less if the latch fires. Returns `true` if it fired.
  @discardableResult
  func wait(for duration: Duration) -> Bool {
    let (seconds, attoseconds) = duration.components
    return group.wait(timeout: .now() + (Double(seconds) + Double(attoseconds) / 1e18)) == .success
  }
}
