extension Publishers {
  /// When ``Publisher/collect(_:)->Publishers.CollectByStrategy<Self,C>`` closes a batch: after a time
  /// window, or after a time window or a number of values, whichever comes first. Batches of a
  /// number of values alone need no clock: ``Publisher/collect(_:)->Publishers.CollectByCount<Self>``.
  ///
  /// ```swift
  /// events.collect(.byTime(clock, .seconds(1)))
  /// events.collect(.byTimeOrCount(ContinuousClock(), .seconds(1), 10))
  /// ```
  public struct CollectStrategy<C: Clock>: Sendable {
    @usableFromInline let clock: C
    @usableFromInline let interval: C.Duration
    @usableFromInline let count: Int?

    /// Batches close every `interval` on `clock`, counted from the subscription's start.
    /// A window with no values produces no batch.
    public static func byTime(_ clock: C, _ interval: C.Duration) -> Self {
      Self(clock: clock, interval: interval, count: nil)
    }

    /// Batches close when their window of `interval` ends or when they hold `count`
    /// values, whichever comes first. A batch closed by count starts a new window.
    public static func byTimeOrCount(_ clock: C, _ interval: C.Duration, _ count: Int) -> Self {
      Self(clock: clock, interval: interval, count: count)
    }
  }
}
