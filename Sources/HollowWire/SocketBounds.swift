/// What bounds one wait of a ``WireSocket``: a deadline, an idle timeout (how long nothing may happen)
/// and a ``WakePipe`` that ends the wait at once. Each is optional: the demo server's waits have a
/// deadline only, a client exchange's all three.
///
/// ```swift
/// let bounds = SocketBounds(deadline: .now + .seconds(60), idle: .seconds(30), wake: pipe)
/// try WireSocket.wait(fd, for: Int16(POLLIN), bounds)
/// ```
package struct SocketBounds: Sendable {
  package var deadline: ContinuousClock.Instant?
  package var idle: Duration?
  package var wake: WakePipe?

  package init(deadline: ContinuousClock.Instant? = nil, idle: Duration? = nil, wake: WakePipe? = nil) {
    self.deadline = deadline
    self.idle = idle
    self.wake = wake
  }
}
