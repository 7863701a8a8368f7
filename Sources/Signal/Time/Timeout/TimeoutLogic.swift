/// Timeout's rules: each request to upstream must be answered within `interval`.
struct TimeoutLogic<Value: Sendable, Instant: InstantProtocol>: TimedLogic {
  let interval: Instant.Duration
  private(set) var deadline: Instant?

  init(interval: Instant.Duration) {
    self.interval = Swift.max(.zero, interval)
  }

  mutating func willRequest(at now: Instant) {
    deadline = now.advanced(by: interval)
  }

  mutating func receive(_ input: Value, at now: Instant, into outputs: inout TimedOutputs<Value>) {
    deadline = nil
    outputs.emit(input)
  }

  mutating func advance(to now: Instant, into outputs: inout TimedOutputs<Value>) {
    deadline = nil
    outputs.endWithTimeout()
  }

  mutating func finish(at now: Instant, into outputs: inout TimedOutputs<Value>) {
    deadline = nil
  }
}
