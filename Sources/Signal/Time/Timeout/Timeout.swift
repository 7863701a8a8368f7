extension Publisher where Output: Sendable {
  /// Ends the stream if upstream takes longer than `interval` to produce a value: the
  /// first one, counted from the first request, or the next one, counted from the request
  /// that follows each value.
  ///
  /// ```swift
  /// let replies = connection.messages.timeout(.seconds(30), customError: { .serverSilent })
  /// for try await reply in replies { handle(reply) }  // throws .serverSilent after 30 s of silence
  /// ```
  ///
  /// - The clock runs while the operator waits for upstream on the consumer's behalf: from
  ///   the consumer's first request, and again each time the operator asks upstream for the
  ///   next value. Time a value spends waiting for a slow consumer does not count.
  /// - When time runs out, the stream fails with `customError()`, or finishes if
  ///   `customError` is `nil` (as in Combine). Values already received are delivered first.
  ///   A value that arrives exactly at the deadline is too late.
  /// - Upstream's own completion and failure pass through at once.
  /// - Cancelling the consumer's task (or dropping its iterator) cancels the reading of
  ///   upstream and the timer; the stream ends with `nil`. Upstream is cancelled too when
  ///   the timeout fires.
  ///
  /// - Parameters:
  ///   - interval: the longest wait for a value.
  ///   - tolerance: the leeway given to the clock's sleep.
  ///   - clock: the clock that measures the interval; a `TestClock` (SignalTesting) in tests.
  ///   - customError: makes the error to fail with; `nil` finishes the stream instead.
  @inlinable
  public func timeout<C: Clock>(
    _ interval: C.Duration,
    tolerance: C.Duration? = nil,
    clock: C = ContinuousClock(),
    customError: (@Sendable () -> Failure)? = nil
  ) -> Publishers.Timeout<Self, C> {
    Publishers.Timeout(
      upstream: self,
      interval: interval,
      tolerance: tolerance,
      clock: clock,
      customError: customError
    )
  }
}

extension Publishers {
  /// A publisher that ends its stream when upstream is silent for too long.
  /// See ``Publisher/timeout(_:tolerance:clock:customError:)``.
  public struct Timeout<Upstream: Publisher, C: Clock>: Publisher where Upstream.Output: Sendable {
    public typealias Output = Upstream.Output
    public typealias Element = Output
    public typealias Failure = Upstream.Failure
    public typealias Iterator = TimedIterator<Output, Failure>

    public let upstream: Upstream
    public let interval: C.Duration
    public let tolerance: C.Duration?
    public let clock: C
    public let customError: (@Sendable () -> Failure)?

    public init(
      upstream: Upstream,
      interval: C.Duration,
      tolerance: C.Duration?,
      clock: C,
      customError: (@Sendable () -> Failure)?
    ) {
      self.upstream = upstream
      self.interval = interval
      self.tolerance = tolerance
      self.clock = clock
      self.customError = customError
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      let logic = TimeoutLogic<Output, C.Instant>(interval: interval)
      let customError = customError
      let storage = TimedStorage(upstream: upstream, clock: clock, tolerance: tolerance, logic: logic) {
        customError.map { makeError in .failure(makeError()) } ?? .finished
      }
      return Iterator(storage)
    }
  }
}
