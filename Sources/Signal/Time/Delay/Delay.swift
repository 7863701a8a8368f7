extension Publisher where Output: Sendable {
  /// Delivers every value `interval` after upstream produced it, in the original order.
  ///
  /// ```swift
  /// // Show each toast a moment after the event that caused it.
  /// for await toast in toasts.delay(for: .milliseconds(250)) { show(toast) }
  /// ```
  ///
  /// - Each value is due `interval` after the instant it was read from upstream; values
  ///   keep their order, and values due at the same instant leave together, in order.
  /// - When upstream finishes, the values in flight are still delivered on time, then the
  ///   stream finishes. A failure ends the stream at once: values already due are
  ///   delivered first, values still in flight are discarded (as with `debounce`).
  /// - At most `bufferLimit` values wait (in flight or for the consumer); then reading
  ///   upstream pauses until the consumer takes some, and a value read later is due later.
  /// - Cancelling the consumer's task (or dropping its iterator) cancels the reading of
  ///   upstream and the timer; the stream ends with `nil`.
  /// - An interval of zero or less passes values through as soon as the timer task runs.
  ///
  /// - Parameters:
  ///   - interval: how long each value is held back.
  ///   - tolerance: the leeway given to the clock's sleep.
  ///   - clock: the clock that measures the interval; a `TestClock` (SignalTesting) in tests.
  ///   - bufferLimit: the most values held at once (at least 1); 64 by default.
  @inlinable
  public func delay<C: Clock>(
    for interval: C.Duration,
    tolerance: C.Duration? = nil,
    clock: C = ContinuousClock(),
    bufferLimit: Int = BufferingPolicy.default.capacity
  ) -> Publishers.Delay<Self, C> {
    Publishers.Delay(upstream: self, interval: interval, tolerance: tolerance, clock: clock, bufferLimit: bufferLimit)
  }
}

extension Publishers {
  /// A publisher that delivers every value of its upstream after an interval.
  /// See ``Publisher/delay(for:tolerance:clock:bufferLimit:)``.
  public struct Delay<Upstream: Publisher, C: Clock>: Publisher where Upstream.Output: Sendable {
    public typealias Output = Upstream.Output
    public typealias Element = Output
    public typealias Failure = Upstream.Failure
    public typealias Iterator = TimedIterator<Output, Failure>

    public let upstream: Upstream
    public let interval: C.Duration
    public let tolerance: C.Duration?
    public let clock: C
    public let bufferLimit: Int

    public init(upstream: Upstream, interval: C.Duration, tolerance: C.Duration?, clock: C, bufferLimit: Int) {
      self.upstream = upstream
      self.interval = interval
      self.tolerance = tolerance
      self.clock = clock
      self.bufferLimit = Swift.max(1, bufferLimit)
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      let logic = DelayLogic<Output, C.Instant>(interval: interval)
      return Iterator(
        TimedStorage(upstream: upstream, clock: clock, tolerance: tolerance, logic: logic, bufferLimit: bufferLimit)
      )
    }
  }
}
