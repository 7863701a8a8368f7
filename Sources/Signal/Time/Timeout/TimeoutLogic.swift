/// Timeout's rules: each request to upstream must be answered within `interval`.
@usableFromInline
struct TimeoutLogic<Value: Sendable, Instant: InstantProtocol>: TimedLogic {
  @usableFromInline let interval: Instant.Duration
  @usableFromInline var deadline: Instant?

  @inlinable
  init(interval: Instant.Duration) {
    self.interval = Swift.max(.zero, interval)
  }

  @inlinable
  mutating func willRequest(at now: Instant) {
    deadline = now.advanced(by: interval)
  }

  @inlinable
  mutating func receive(_ input: Value, at now: Instant, into outputs: inout TimedOutputs<Value>) {
    deadline = nil
    outputs.emit(input)
  }

  @inlinable
  mutating func advance(to now: Instant, into outputs: inout TimedOutputs<Value>) {
    deadline = nil
    outputs.endWithTimeout()
  }

  @inlinable
  mutating func finish(at now: Instant, into outputs: inout TimedOutputs<Value>) {
    deadline = nil
  }
}
