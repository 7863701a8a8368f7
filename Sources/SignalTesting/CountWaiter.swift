/// A task parked in ``TestClock/waitForSleepers(count:)``.
struct CountWaiter {
  let id: Int
  let count: Int
  let continuation: UnsafeContinuation<Void, Never>

  func resume() { continuation.resume() }
}
