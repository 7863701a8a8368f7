/// Delay's rules: every value is due `interval` after it arrived; values leave in order.
@usableFromInline
struct DelayLogic<Value: Sendable, Instant: InstantProtocol>: TimedLogic {
  @usableFromInline let interval: Instant.Duration
  @usableFromInline var inFlight = RingBuffer<(value: Value, due: Instant)>()

  @inlinable
  init(interval: Instant.Duration) {
    self.interval = Swift.max(.zero, interval)
  }

  @inlinable
  var deadline: Instant? {
    inFlight.first?.due
  }

  @inlinable
  var backlog: Int {
    inFlight.count
  }

  @inlinable
  mutating func receive(_ input: Value, at now: Instant, into outputs: inout TimedOutputs<Value>) {
    inFlight.append((input, now.advanced(by: interval)))
  }

  @inlinable
  mutating func advance(to now: Instant, into outputs: inout TimedOutputs<Value>) {
    while let first = inFlight.first, first.due <= now {
      _ = inFlight.popFirst()
      outputs.emit(first.value)
    }
  }

  /// Values in flight are still delivered; the stream finishes after the last one.
  @inlinable
  mutating func finish(at now: Instant, into outputs: inout TimedOutputs<Value>) {}
}
