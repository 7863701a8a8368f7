/// Collect's rules: gather values into a batch; emit the batch when its time window ends or
/// when it holds `count` values, whichever comes first. Windows follow a grid of `interval`
/// from an anchor instant: the subscription's start, or the last batch closed by count.
@usableFromInline
struct CollectLogic<Value: Sendable, Instant: InstantProtocol>: TimedLogic {
  @usableFromInline let interval: Instant.Duration
  /// `nil`: batches close by time only.
  @usableFromInline let count: Int?
  @usableFromInline var batch: [Value] = []
  @usableFromInline var anchor: Instant?
  /// The end of the current window, armed only while the batch holds values, so empty
  /// windows cost nothing and produce nothing.
  @usableFromInline var deadline: Instant?

  @inlinable
  init(interval: Instant.Duration, count: Int?) {
    self.interval = interval
    self.count = count.map { Swift.max(1, $0) }
  }

  @inlinable
  mutating func start(at now: Instant) {
    anchor = now
  }

  @inlinable
  mutating func receive(_ input: Value, at now: Instant, into outputs: inout TimedOutputs<[Value]>) {
    guard interval > .zero else {
      // Windows of no length: every value is a batch of its own.
      batch.append(input)
      emitBatch(into: &outputs)
      return
    }
    if batch.isEmpty { deadline = windowEnd(after: now, interval: interval) }
    batch.append(input)
    if let count, batch.count >= count {
      emitBatch(into: &outputs)
      anchor = now
    }
  }

  @inlinable
  mutating func advance(to now: Instant, into outputs: inout TimedOutputs<[Value]>) {
    emitBatch(into: &outputs)
  }

  @inlinable
  mutating func finish(at now: Instant, into outputs: inout TimedOutputs<[Value]>) {
    emitBatch(into: &outputs)
  }

  @inlinable
  mutating func emitBatch(into outputs: inout TimedOutputs<[Value]>) {
    deadline = nil
    guard !batch.isEmpty else { return }
    outputs.emit(batch)
    batch = []
  }

  /// The end of the grid window that contains `now` (windows are half-open: a value at a
  /// window's end belongs to the next window).
  @inlinable
  mutating func windowEnd(after now: Instant, interval: Instant.Duration) -> Instant {
    let origin = anchor ?? now
    let windows = (origin.duration(to: now) / interval).rounded(.down)
    guard windows >= 0, windows < 1e15 else {
      // Time ran far beyond the grid (or before it): start a new grid here.
      anchor = now
      return now.advanced(by: interval)
    }
    // The quotient is a Double; step once either way if rounding put us in a neighbour.
    var start = origin.advanced(by: interval * Int(windows))
    if start > now { start = origin.advanced(by: interval * (Int(windows) - 1)) }
    var end = start.advanced(by: interval)
    if end <= now { end = end.advanced(by: interval) }
    return end
  }
}
