extension Publisher {
  /// Turns every value into a publisher and delivers the values of all those publishers
  /// as they arrive, running at most `maxPublishers` of them at a time.
  ///
  /// ```swift
  /// let details = postIDs.flatMap(maxPublishers: 4) { id in client.detail(of: id) }
  /// for try await detail in details { show(detail) }
  /// ```
  ///
  /// - Subscribing: this publisher is subscribed when you subscribe; an inner publisher is
  ///   subscribed as soon as its value arrives and a slot is free, whatever the consumer's
  ///   pace, so a hot inner publisher loses nothing.
  /// - Concurrency and back-pressure: at most `maxPublishers` inner publishers are
  ///   subscribed at once (a value below 1 counts as 1, one above
  ///   ``Publishers/FlatMapDefaults/ceiling`` as the ceiling); while that many are active,
  ///   no further value is taken from this publisher.
  /// - Ordering: the values of one inner publisher keep their order; those of different
  ///   inner publishers interleave as they arrive.
  /// - Completion: finishes when this publisher and every inner publisher have finished.
  /// - Failure: the first failure, of this publisher or of any inner one, fails the stream
  ///   (after the values that arrived before it) and cancels everything still running.
  /// - Buffering: each running inner publisher may run 64 values ahead of the consumer,
  ///   then waits.
  ///
  /// See <doc:FlatMap>.
  @inlinable
  public func flatMap<Inner: Publisher>(
    maxPublishers: Int = Publishers.FlatMapDefaults.maxPublishers,
    _ transform: @escaping @Sendable (Output) -> Inner
  ) -> Publishers.FlatMap<Inner, Self> where Inner.Output: Sendable, Inner.Failure == Failure {
    Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
  }

  /// ``flatMap(maxPublishers:_:)`` for inner publishers that cannot fail.
  ///
  /// ```swift
  /// let thumbnails = failingPosts.flatMap { post in Just(post.thumbnail) }
  /// ```
  @inlinable
  public func flatMap<Inner: Publisher>(
    maxPublishers: Int = Publishers.FlatMapDefaults.maxPublishers,
    _ transform: @escaping @Sendable (Output) -> Inner
  ) -> Publishers.FlatMap<Publishers.SetFailureType<Inner, Failure>, Self>
  where Inner.Output: Sendable, Inner.Failure == Never, Failure: Error {
    flatMap(maxPublishers: maxPublishers) { transform($0).setFailureType(to: Failure.self) }
  }
}

extension Publisher where Failure == Never {
  /// ``flatMap(maxPublishers:_:)`` when neither side can fail (chosen over the variant that
  /// adapts an inner publisher that cannot fail, which would also match).
  ///
  /// ```swift
  /// let words = ["a b", "c"].publisher.flatMap { $0.split(separator: " ").publisher }
  /// ```
  @inlinable
  public func flatMap<Inner: Publisher>(
    maxPublishers: Int = Publishers.FlatMapDefaults.maxPublishers,
    _ transform: @escaping @Sendable (Output) -> Inner
  ) -> Publishers.FlatMap<Inner, Self> where Inner.Output: Sendable, Inner.Failure == Never {
    Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
  }
}

extension Publishers {
  /// The defaults of ``Publisher/flatMap(maxPublishers:_:)-4cnzj``.
  public enum FlatMapDefaults {
    /// How many inner publishers run at once unless told otherwise: bounded, so that a
    /// flood of outer values cannot start unbounded work.
    public static let maxPublishers = 16
    /// The most inner publishers that can run at once, whatever is asked: each active inner
    /// has a worker task and per-producer bookkeeping, so "unlimited" (`Int.max`) means this.
    public static let ceiling = 1024
  }

  /// Delivers the values of the publishers its upstream's values are turned into. See
  /// ``Publisher/flatMap(maxPublishers:_:)-4cnzj``.
  public struct FlatMap<Inner: Publisher, Upstream: Publisher>: Publisher
  where Inner.Output: Sendable, Inner.Failure == Upstream.Failure {
    public typealias Output = Inner.Output
    public typealias Element = Output
    public typealias Failure = Upstream.Failure

    public let upstream: Upstream
    /// How many inner publishers run at once (at least 1, at most ``FlatMapDefaults/ceiling``).
    public let maxPublishers: Int
    public let transform: @Sendable (Upstream.Output) -> Inner

    @inlinable
    public init(upstream: Upstream, maxPublishers: Int, transform: @escaping @Sendable (Upstream.Output) -> Inner) {
      self.upstream = upstream
      self.maxPublishers = Swift.min(Swift.max(1, maxPublishers), FlatMapDefaults.ceiling)
      self.transform = transform
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      // The task closures are made here, so that the tasks run code specialized for these
      // publishers.
      let storage = FlatMapStorage(
        upstream: upstream,
        maxPublishers: maxPublishers,
        transform: transform,
        runOuter: { await $0.runOuter() },
        worker: { storage, index in await storage.runWorker(index) }
      )
      return Iterator(storage)
    }

    /// The iterator of a ``Publishers/FlatMap``: one subscription to the upstream and its
    /// inner publishers.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline let lifetime: SubscriptionLifetime<FlatMapStorage<Upstream, Inner>>
      /// Room comes back when the batch is taken, so the batch never reports its progress.
      @usableFromInline var batch: ConsumerBatch<Output>

      @usableFromInline
      init(_ storage: FlatMapStorage<Upstream, Inner>) {
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
