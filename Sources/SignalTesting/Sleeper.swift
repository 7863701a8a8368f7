/// A task parked in ``TestClock/sleep(until:tolerance:)``.
struct Sleeper {
  let id: Int
  let deadline: TestClock.Instant
  let continuation: UnsafeContinuation<Void, any Error>

  func resume() { continuation.resume() }
  func resume(throwing error: any Error) { continuation.resume(throwing: error) }
}
