extension Publisher where Output: Sendable {
  /// Groups values into arrays, closing each batch by time, or by time or count, whichever
  /// comes first (see ``Publishers/CollectStrategy``). By count alone: ``Publisher/collect(_:)->Publishers.CollectByCount<Self>``.
  ///
  /// ```swift
  /// // Upload analytics events in batches: every 5 seconds, or sooner once 50 are waiting.
  /// for await batch in events.collect(.byTimeOrCount(ContinuousClock(), .seconds(5), 50)) {
  ///   await upload(batch)
  /// }
  /// ```
  ///
  /// - Batches keep upstream's order and are never empty: a window without values
  ///   produces nothing.
  /// - Time windows follow a fixed grid of `interval` from the start of the subscription
  ///   (for `.byTimeOrCount`, from the last batch closed by count), so they do not drift;
  ///   a value that arrives exactly at a window's end belongs to the next window.
  /// - When upstream finishes, the partial batch is emitted at once, then the stream
  ///   finishes. A failure ends the stream at once; the partial batch is discarded.
  /// - While a closed batch waits for the consumer, reading upstream pauses.
  /// - Cancelling the consumer's task (or dropping its iterator) cancels the reading of
  ///   upstream and the timer; the stream ends with `nil`.
  /// - A count below 1 counts as 1; a time interval of zero or less puts every value in a
  ///   batch of its own.
  @inlinable
  public func collect<C: Clock>(_ strategy: Publishers.CollectStrategy<C>) -> Publishers.CollectByStrategy<Self, C> {
    Publishers.CollectByStrategy(upstream: self, strategy: strategy)
  }
}

extension Publishers {
  /// A publisher that emits its upstream's values in batches. See ``Publisher/collect(_:)->Publishers.CollectByStrategy<Self,C>``.
  public struct CollectByStrategy<Upstream: Publisher, C: Clock>: Publisher where Upstream.Output: Sendable {
    public typealias Output = [Upstream.Output]
    public typealias Element = Output
    public typealias Failure = Upstream.Failure
    public typealias Iterator = TimedIterator<Output, Failure>

    public let upstream: Upstream
    public let strategy: CollectStrategy<C>

    public init(upstream: Upstream, strategy: CollectStrategy<C>) {
      self.upstream = upstream
      self.strategy = strategy
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      let logic = CollectLogic<Upstream.Output, C.Instant>(interval: strategy.interval, count: strategy.count)
      return Iterator(TimedStorage(upstream: upstream, clock: strategy.clock, tolerance: nil, logic: logic))
    }
  }
}
