extension Publisher where Output: Publisher, Output.Output: Sendable, Output.Failure == Failure {
  /// Delivers the values of the latest publisher this publisher produced, cancelling the
  /// previous one whenever a new one arrives.
  ///
  /// ```swift
  /// let results = queries.map { query in client.search(query) }.switchToLatest()
  /// for try await page in results { show(page) }  // only the latest query's results
  /// ```
  ///
  /// - A new inner publisher cancels the current one; the current one's values that the
  ///   consumer has not taken yet are discarded.
  /// - Completion: finishes when this publisher has finished and the current inner
  ///   publisher (if any) has finished.
  /// - Failure: a failure of this publisher or of the current inner publisher fails the
  ///   stream and cancels the rest.
  /// - Buffering: the current inner publisher may run 64 values ahead of the consumer, then
  ///   waits.
  ///
  /// See <doc:SwitchToLatest>.
  public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
    Publishers.SwitchToLatest(upstream: self)
  }
}

extension Publisher {
  /// Turns every value into a publisher and delivers the values of the latest one only:
  /// `map(transform).switchToLatest()`.
  ///
  /// ```swift
  /// let suggestions = typedText.flatMapLatest { text in client.suggestions(for: text) }
  /// ```
  public func flatMapLatest<Inner: Publisher>(
    _ transform: @escaping @Sendable (Output) -> Inner
  ) -> Publishers.SwitchToLatest<Inner, Publishers.Map<Self, Inner>>
  where Inner.Output: Sendable, Inner.Failure == Failure {
    map(transform).switchToLatest()
  }
}

extension Publishers {
  /// Delivers the values of the latest publisher its upstream produced. See
  /// ``Publisher/switchToLatest()-4i88c``.
  public struct SwitchToLatest<Inner: Publisher, Upstream: Publisher>: Publisher
  where Upstream.Output == Inner, Inner.Output: Sendable, Inner.Failure == Upstream.Failure {
    public typealias Output = Inner.Output
    public typealias Element = Output
    public typealias Failure = Upstream.Failure

    public let upstream: Upstream

    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(SwitchToLatestStorage(upstream: upstream))
    }

    /// The iterator of a ``Publishers/SwitchToLatest``: one subscription to the upstream
    /// and to its latest inner publisher.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline let lifetime: SubscriptionLifetime<SwitchToLatestStorage<Upstream>>
      /// Room comes back when the batch is taken, so the batch never reports its progress.
      @usableFromInline var batch: ConsumerBatch<Output>

      @usableFromInline
      init(_ storage: SwitchToLatestStorage<Upstream>) {
        lifetime = SubscriptionLifetime(storage)
        batch = ConsumerBatch(capacity: 16, reportInterval: .max, countsElements: false)
      }

      @inlinable
      public mutating func next() async throws(Failure) -> Output? {
        try await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        try await batch.next(from: lifetime.storage, isolation: actor)
      }
    }
  }
}
