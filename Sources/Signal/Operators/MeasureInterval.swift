extension Publisher {
  /// Publishes, for each value, the time elapsed since the previous one on `clock` (for the
  /// first value, since subscribing).
  ///
  /// ```swift
  /// for await gap in keystrokes.measureInterval(using: ContinuousClock()) { print(gap) }
  /// ```
  ///
  /// Subscribing (making the iterator) starts the first interval, as in Combine; each
  /// interval ends when the value reaches the operator, so a consumer that falls behind a
  /// buffering upstream measures when it took the values, not when they were sent.
  @inlinable
  public func measureInterval<C: Clock>(using clock: C) -> Publishers.MeasureInterval<Self, C> {
    Publishers.MeasureInterval(upstream: self, clock: clock)
  }
}

extension Publishers {
  /// A publisher of the time between its upstream's values. See
  /// ``Publisher/measureInterval(using:)``.
  public struct MeasureInterval<Upstream: Publisher, C: Clock>: Publisher {
    public typealias Output = C.Duration
    public typealias Element = C.Duration
    public typealias Failure = Upstream.Failure

    public let upstream: Upstream
    public let clock: C

    @inlinable
    public init(upstream: Upstream, clock: C) {
      self.upstream = upstream
      self.clock = clock
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(upstream: upstream.makeAsyncIterator(), clock: clock)
    }

    /// The iterator of a ``MeasureInterval``.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline var upstream: Upstream.AsyncIterator
      @usableFromInline let clock: C
      @usableFromInline var previous: C.Instant

      @inlinable
      init(upstream: Upstream.AsyncIterator, clock: C) {
        self.upstream = upstream
        self.clock = clock
        previous = clock.now
      }

      @inlinable
      public mutating func next() async throws(Failure) -> C.Duration? {
        try await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> C.Duration? {
        guard try await upstream.next(isolation: actor) != nil else { return nil }
        let now = clock.now
        defer { previous = now }
        return previous.duration(to: now)
      }
    }
  }
}
