/// Debounce's rules: hold the latest value and emit it once `interval` has passed without
/// another value; on finish, emit the held value at once.
struct DebounceLogic<Value: Sendable, Instant: InstantProtocol>: TimedLogic {
  let interval: Instant.Duration
  private var pending: Value?
  private(set) var deadline: Instant?

  init(interval: Instant.Duration) {
    self.interval = Swift.max(.zero, interval)
  }

  mutating func receive(_ input: Value, at now: Instant, into outputs: inout TimedOutputs<Value>) {
    pending = input
    deadline = now.advanced(by: interval)
  }

  mutating func advance(to now: Instant, into outputs: inout TimedOutputs<Value>) {
    flush(into: &outputs)
  }

  mutating func finish(at now: Instant, into outputs: inout TimedOutputs<Value>) {
    flush(into: &outputs)
  }

  private mutating func flush(into outputs: inout TimedOutputs<Value>) {
    if let value = pending.take() { outputs.emit(value) }
    deadline = nil
  }
}
