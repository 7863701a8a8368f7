extension Publisher where Output: Sendable {
  /// Emits a value only after `interval` has passed without another value: bursts collapse
  /// to their last value.
  ///
  /// ```swift
  /// let queries = searchField.values.debounce(for: .milliseconds(300))
  /// for await query in queries { await search(query) }  // typing "tree" quickly: one search
  /// ```
  ///
  /// - Each value restarts the wait; the value emitted is the latest one. Values keep their
  ///   order and none is emitted twice.
  /// - When upstream finishes while a value waits, that value is emitted at once, then the
  ///   stream finishes. A failure ends the stream at once; a waiting value is discarded.
  /// - Cancelling the consumer's task (or dropping its iterator) cancels the reading of
  ///   upstream and the timer; the stream ends with `nil`.
  /// - Upstream is read in a task of the subscription's own; while a debounced value waits
  ///   for the consumer, reading pauses (back-pressure).
  /// - An interval of zero or less emits each value as soon as the timer task runs.
  ///
  /// - Parameters:
  ///   - interval: how long upstream must be quiet before the latest value is emitted.
  ///   - tolerance: the leeway given to the clock's sleep.
  ///   - clock: the clock that measures the interval; a `TestClock` (SignalTesting) in tests.
  @inlinable
  public func debounce<C: Clock>(
    for interval: C.Duration,
    tolerance: C.Duration? = nil,
    clock: C = ContinuousClock()
  ) -> Publishers.Debounce<Self, C> {
    Publishers.Debounce(upstream: self, interval: interval, tolerance: tolerance, clock: clock)
  }
}

extension Publishers {
  /// A publisher that emits a value once its upstream has been quiet for an interval.
  /// See ``Publisher/debounce(for:tolerance:clock:)``.
  public struct Debounce<Upstream: Publisher, C: Clock>: Publisher where Upstream.Output: Sendable {
    public typealias Output = Upstream.Output
    public typealias Element = Output
    public typealias Failure = Upstream.Failure
    public typealias Iterator = TimedIterator<Output, Failure>

    public let upstream: Upstream
    public let interval: C.Duration
    public let tolerance: C.Duration?
    public let clock: C

    public init(upstream: Upstream, interval: C.Duration, tolerance: C.Duration?, clock: C) {
      self.upstream = upstream
      self.interval = interval
      self.tolerance = tolerance
      self.clock = clock
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      let logic = DebounceLogic<Output, C.Instant>(interval: interval)
      return Iterator(TimedStorage(upstream: upstream, clock: clock, tolerance: tolerance, logic: logic))
    }
  }
}
