extension Publishers {
  /// Combines the values of two publishers under a ``CombiningRule``: ``Publishers/Zip`` and
  /// ``Publishers/CombineLatest`` are this type with their rule.
  ///
  /// ```swift
  /// let pairs = await [1, 2, 3].publisher.zip(["a", "b"].publisher).allValues()
  /// // [(1, "a"), (2, "b")]
  /// ```
  ///
  /// Making the iterator subscribes to both upstreams; the first `next()` starts one task per
  /// upstream. Each upstream buffers at most 64 values ahead of the consumer, then waits.
  public struct Combining2<A: Publisher, B: Publisher, Rule: CombiningRule>: Publisher
  where A.Output: Sendable, B.Output: Sendable, A.Failure == B.Failure {
    public typealias Output = (A.Output, B.Output)
    public typealias Element = Output
    public typealias Failure = A.Failure

    public let a: A
    public let b: B

    @inlinable
    public init(_ a: A, _ b: B) {
      self.a = a
      self.b = b
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(a, b)
    }

    /// The iterator of a ``Publishers/Combining2``: one subscription to both upstreams.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline var consumer: UpstreamsConsumer<PairCombiner<A.Output, B.Output, Rule>, Failure>

      @inlinable
      init(_ a: A, _ b: B) {
        typealias Storage = UpstreamsStorage<UpstreamValue2<A.Output, B.Output>, Failure>
        consumer = UpstreamsConsumer(
          PairCombiner(),
          producers: [
            Storage.producer(subscribingTo: a, wrap: { .first($0) }),
            Storage.producer(subscribingTo: b, wrap: { .second($0) }),
          ])
      }

      @inlinable
      public mutating func next() async throws(Failure) -> Output? {
        try await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        try await consumer.next(isolation: actor)
      }
    }
  }
}
