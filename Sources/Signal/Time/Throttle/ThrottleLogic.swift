/// Throttle's rules: emit a value at once when no window is open, then open a window of
/// `interval`; of the values that arrive inside it, keep the latest (or the first) and emit
/// it when the window closes, which opens the next window.
@usableFromInline
struct ThrottleLogic<Value: Sendable, Instant: InstantProtocol>: TimedLogic {
  @usableFromInline let interval: Instant.Duration
  @usableFromInline let latest: Bool
  /// The end of the window opened by the last emission; values before it wait.
  @usableFromInline var windowEnd: Instant?
  @usableFromInline var pending: Value?

  @inlinable
  init(interval: Instant.Duration, latest: Bool) {
    self.interval = Swift.max(.zero, interval)
    self.latest = latest
  }

  @inlinable
  var deadline: Instant? {
    pending == nil ? nil : windowEnd
  }

  @inlinable
  mutating func receive(_ input: Value, at now: Instant, into outputs: inout TimedOutputs<Value>) {
    if let windowEnd, now < windowEnd {
      if latest || pending == nil { pending = input }
    } else {
      outputs.emit(input)
      windowEnd = now.advanced(by: interval)
    }
  }

  @inlinable
  mutating func advance(to now: Instant, into outputs: inout TimedOutputs<Value>) {
    guard let end = windowEnd, end <= now else { return }
    if let value = pending.take() {
      // The value is emitted at the end of the window, so the next window starts there,
      // even if the timer ran late: the schedule does not depend on timer latency.
      outputs.emit(value)
      windowEnd = end.advanced(by: interval)
    } else {
      windowEnd = nil
    }
  }

  /// A waiting value is still emitted when its window closes; the stream finishes then.
  @inlinable
  mutating func finish(at now: Instant, into outputs: inout TimedOutputs<Value>) {}
}
