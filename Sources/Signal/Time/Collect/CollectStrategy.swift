extension Publishers {
  /// When ``Publisher/collect(_:)`` closes a batch: after a time window, after a number of
  /// values, or whichever comes first.
  ///
  /// ```swift
  /// events.collect(.byTime(clock, .seconds(1)))
  /// events.collect(.byCount(10))
  /// events.collect(.byTimeOrCount(ContinuousClock(), .seconds(1), 10))
  /// ```
  public struct CollectStrategy<C: Clock>: Sendable {
    @usableFromInline let clock: C
    @usableFromInline let interval: C.Duration?
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

extension Publishers.CollectStrategy where C == ContinuousClock {
  /// Batches close when they hold `count` values (a count below 1 counts as 1).
  public static func byCount(_ count: Int) -> Self {
    Self(clock: ContinuousClock(), interval: nil, count: count)
  }
}
