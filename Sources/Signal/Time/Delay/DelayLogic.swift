/// Delay's rules: every value is due `interval` after it arrived; values leave in order.
struct DelayLogic<Value: Sendable, Instant: InstantProtocol>: TimedLogic {
  let interval: Instant.Duration
  private var inFlight = RingBuffer<(value: Value, due: Instant)>()

  init(interval: Instant.Duration) {
    self.interval = Swift.max(.zero, interval)
  }

  var deadline: Instant? {
    inFlight.first?.due
  }

  var backlog: Int {
    inFlight.count
  }

  mutating func receive(_ input: Value, at now: Instant, into outputs: inout TimedOutputs<Value>) {
    inFlight.append((input, now.advanced(by: interval)))
  }

  mutating func advance(to now: Instant, into outputs: inout TimedOutputs<Value>) {
    while let first = inFlight.first, first.due <= now {
      _ = inFlight.popFirst()
      outputs.emit(first.value)
    }
  }

  /// Values in flight are still delivered; the stream finishes after the last one.
  mutating func finish(at now: Instant, into outputs: inout TimedOutputs<Value>) {}
}
