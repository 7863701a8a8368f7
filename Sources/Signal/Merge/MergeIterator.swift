extension Publishers {
  /// The iterator of every merge publisher (``Merge``, ``Merge3``, ``MergeMany``).
  ///
  /// Making the iterator subscribes to every upstream; the first `next()` starts one
  /// producer task per upstream. Dropping the iterator, or cancelling the task that iterates
  /// it, cancels all of them.
  public struct MergeIterator<Output: Sendable, Failure: Error>: AsyncIteratorProtocol {
    @usableFromInline typealias Storage = MergeStorage<Output, Failure>

    @usableFromInline let lifetime: SubscriptionLifetime<Storage>
    @usableFromInline var batch: ConsumerBatch<Output>

    @usableFromInline
    init(producers: [Storage.Producer]) {
      let capacity = Storage.defaultCapacity(upstreamCount: producers.count)
      lifetime = SubscriptionLifetime(Storage(producers: producers, capacity: capacity))
      batch = ConsumerBatch(capacity: 16, reportInterval: capacity / 2)
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
