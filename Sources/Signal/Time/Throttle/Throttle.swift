extension Publisher where Output: Sendable {
  /// Emits at most one value per `interval`: the first value at once, then, at the end of
  /// each interval that received values, the latest (or the first) of them.
  ///
  /// ```swift
  /// // Scroll positions arrive at 120 Hz; redraw at most 10 times a second, with the newest.
  /// for await offset in scrollOffsets.throttle(for: .milliseconds(100), latest: true) {
  ///   redraw(at: offset)
  /// }
  /// ```
  ///
  /// - A value that arrives when no interval is running is emitted at once and starts an
  ///   interval. Values inside an interval wait; when it ends, the kept one is emitted and
  ///   a new interval starts at that instant. An interval that received nothing ends quietly,
  ///   and the next value is again emitted at once. A value arriving exactly when an
  ///   interval ends belongs to the next one.
  /// - `latest: true` keeps the newest value of an interval, `latest: false` the first.
  /// - When upstream finishes while a value waits, the value is emitted when its interval
  ///   ends, then the stream finishes (as in Combine). A failure ends the stream at once; a
  ///   waiting value is discarded.
  /// - Cancelling the consumer's task (or dropping its iterator) cancels the reading of
  ///   upstream and the timer; the stream ends with `nil`.
  /// - An interval of zero or less lets every value through.
  ///
  /// - Parameters:
  ///   - interval: the shortest time between two emitted values.
  ///   - tolerance: the leeway given to the clock's sleep.
  ///   - clock: the clock that measures the interval; a `TestClock` (SignalTesting) in tests.
  ///   - latest: whether to emit the newest (`true`) or the first (`false`) value of an interval.
  @inlinable
  public func throttle<C: Clock>(
    for interval: C.Duration,
    tolerance: C.Duration? = nil,
    clock: C = ContinuousClock(),
    latest: Bool
  ) -> Publishers.Throttle<Self, C> {
    Publishers.Throttle(upstream: self, interval: interval, tolerance: tolerance, clock: clock, latest: latest)
  }
}

extension Publishers {
  /// A publisher that emits at most one value per interval.
  /// See ``Publisher/throttle(for:tolerance:clock:latest:)``.
  public struct Throttle<Upstream: Publisher, C: Clock>: Publisher where Upstream.Output: Sendable {
    public typealias Output = Upstream.Output
    public typealias Element = Output
    public typealias Failure = Upstream.Failure
    public typealias Iterator = TimedIterator<Output, Failure>

    public let upstream: Upstream
    public let interval: C.Duration
    public let tolerance: C.Duration?
    public let clock: C
    public let latest: Bool

    public init(upstream: Upstream, interval: C.Duration, tolerance: C.Duration?, clock: C, latest: Bool) {
      self.upstream = upstream
      self.interval = interval
      self.tolerance = tolerance
      self.clock = clock
      self.latest = latest
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      let logic = ThrottleLogic<Output, C.Instant>(interval: interval, latest: latest)
      return Iterator(TimedStorage(upstream: upstream, clock: clock, tolerance: tolerance, logic: logic))
    }
  }
}
