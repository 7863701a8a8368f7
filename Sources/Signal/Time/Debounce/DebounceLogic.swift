/// Debounce's rules: hold the latest value and emit it once `interval` has passed without
/// another value; on finish, emit the held value at once.
@usableFromInline
struct DebounceLogic<Value: Sendable, Instant: InstantProtocol>: TimedLogic {
  @usableFromInline let interval: Instant.Duration
  @usableFromInline var pending: Value?
  @usableFromInline var deadline: Instant?

  @inlinable
  init(interval: Instant.Duration) {
    self.interval = Swift.max(.zero, interval)
  }

  @inlinable
  mutating func receive(_ input: Value, at now: Instant, into outputs: inout TimedOutputs<Value>) {
    pending = input
    deadline = now.advanced(by: interval)
  }

  @inlinable
  mutating func advance(to now: Instant, into outputs: inout TimedOutputs<Value>) {
    flush(into: &outputs)
  }

  @inlinable
  mutating func finish(at now: Instant, into outputs: inout TimedOutputs<Value>) {
    flush(into: &outputs)
  }

  @inlinable
  mutating func flush(into outputs: inout TimedOutputs<Value>) {
    if let value = pending.take() { outputs.emit(value) }
    deadline = nil
  }
}
