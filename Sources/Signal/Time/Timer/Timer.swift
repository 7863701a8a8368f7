extension Publishers {
  /// A publisher that ticks every `interval` on a clock, emitting the instant of each tick.
  ///
  /// ```swift
  /// for await tick in Publishers.Timer(every: .seconds(1)).prefix(3) {
  ///   print("tick at", tick)  // three ticks, one second apart
  /// }
  /// ```
  ///
  /// - The schedule starts with the subscription's first request: ticks are due at
  ///   start + interval, start + 2 × interval, and so on. Each deadline is the previous
  ///   deadline plus `interval`, never "now plus interval", so lateness never accumulates.
  /// - Each value is the tick's scheduled instant, not the moment the consumer woke up.
  /// - A consumer that falls behind receives the ticks it missed right away, one after
  ///   another, in order (as `AsyncTimerSequence` does; Combine's `Timer` drops them).
  /// - The timer never finishes on its own; cancelling the consumer's task ends it (`nil`).
  ///   An interval of zero or less finishes at once.
  /// - It is pull-based: it sleeps in the consumer's own task, with no task of its own.
  public struct Timer<C: Clock>: Publisher {
    public typealias Output = C.Instant
    public typealias Element = Output
    public typealias Failure = Never

    public let interval: C.Duration
    public let tolerance: C.Duration?
    public let clock: C

    /// A timer ticking every `interval` on `clock`.
    public init(every interval: C.Duration, tolerance: C.Duration? = nil, clock: C) {
      self.interval = interval
      self.tolerance = tolerance
      self.clock = clock
    }

    public func makeAsyncIterator() -> Iterator {
      Iterator(interval: interval, tolerance: tolerance, clock: clock)
    }

    /// The iterator of a ``Publishers/Timer``; each iterator has its own schedule.
    public struct Iterator: AsyncIteratorProtocol {
      let interval: C.Duration
      let tolerance: C.Duration?
      let clock: C
      var nextDeadline: C.Instant?
      var isDone = false

      init(interval: C.Duration, tolerance: C.Duration?, clock: C) {
        self.interval = interval
        self.tolerance = tolerance
        self.clock = clock
        isDone = interval <= .zero
      }

      public mutating func next() async -> C.Instant? {
        await next(isolation: nil)
      }

      public mutating func next(isolation actor: isolated (any Actor)?) async -> C.Instant? {
        guard !isDone else { return nil }
        let deadline = nextDeadline ?? clock.now.advanced(by: interval)
        do {
          try await clock.sleep(until: deadline, tolerance: tolerance)
        } catch {
          isDone = true
          return nil
        }
        nextDeadline = deadline.advanced(by: interval)
        return deadline
      }
    }
  }
}

extension Publishers.Timer where C == ContinuousClock {
  /// A timer ticking every `interval` on the continuous clock.
  public init(every interval: Duration, tolerance: Duration? = nil) {
    self.init(every: interval, tolerance: tolerance, clock: ContinuousClock())
  }
}
