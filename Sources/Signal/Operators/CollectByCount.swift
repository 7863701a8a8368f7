extension Publisher {
  /// Groups values into arrays of `count`, the last one shorter if upstream finishes mid-batch.
  ///
  /// ```swift
  /// let rows = await (1...5).publisher.collect(2).allValues()  // [[1, 2], [3, 4], [5]]
  /// ```
  ///
  /// Synchronous, like `map`: no task, no clock, the batch is built in the consumer's own
  /// `next()`. A count below 1 counts as 1. A failure ends the stream at once and the partial
  /// batch is discarded (as in Combine); so is a partial batch cut short by the task's
  /// cancellation. For batches closed by time, use ``Publisher/collect(_:)->Publishers.CollectByStrategy<Self,C>``.
  @inlinable
  public func collect(_ count: Int) -> Publishers.CollectByCount<Self> {
    Publishers.CollectByCount(upstream: self, count: count)
  }
}

extension Publishers {
  /// A publisher of its upstream's values in arrays of a fixed size. See ``Publisher/collect(_:)->Publishers.CollectByCount<Self>``.
  public struct CollectByCount<Upstream: Publisher>: Publisher {
    public typealias Output = [Upstream.Output]
    public typealias Element = Output
    public typealias Failure = Upstream.Failure

    public let upstream: Upstream
    /// The size of every batch but the last (at least 1).
    public let count: Int

    @inlinable
    public init(upstream: Upstream, count: Int) {
      self.upstream = upstream
      self.count = Swift.max(1, count)
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(upstream: upstream.makeAsyncIterator(), count: count)
    }

    /// The iterator of a ``CollectByCount``.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline var upstream: Upstream.AsyncIterator
      @usableFromInline let count: Int
      @usableFromInline var isFinished = false

      @inlinable
      init(upstream: Upstream.AsyncIterator, count: Int) {
        self.upstream = upstream
        self.count = count
      }

      @inlinable
      public mutating func next() async throws(Failure) -> Output? {
        try await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        guard !isFinished else { return nil }
        var batch: Output = []
        batch.reserveCapacity(Swift.min(count, 1024))
        do throws(Failure) {
          while let value = try await upstream.next(isolation: actor) {
            batch.append(value)
            if batch.count == count { return batch }
          }
        } catch {
          isFinished = true
          throw error
        }
        isFinished = true
        // A cancelled upstream ends early: its partial batch is not the end of the stream.
        guard !batch.isEmpty, !Task.isCancelled else { return nil }
        return batch
      }
    }
  }
}
