extension Publishers {
  /// Combines the values of three publishers under a ``CombiningRule``: ``Publishers/Zip3``
  /// and ``Publishers/CombineLatest3`` are this type with their rule.
  ///
  /// ```swift
  /// let triples = await [1, 2].publisher.zip(["a", "b"].publisher, [true, false].publisher).allValues()
  /// // [(1, "a", true), (2, "b", false)]
  /// ```
  ///
  /// It behaves like ``Publishers/Combining2`` with a third upstream.
  public struct Combining3<A: Publisher, B: Publisher, C: Publisher, Rule: CombiningRule>: Publisher
  where
    A.Output: Sendable, B.Output: Sendable, C.Output: Sendable, A.Failure == B.Failure,
    A.Failure == C.Failure
  {
    public typealias Output = (A.Output, B.Output, C.Output)
    public typealias Element = Output
    public typealias Failure = A.Failure

    public let a: A
    public let b: B
    public let c: C

    @inlinable
    public init(_ a: A, _ b: B, _ c: C) {
      self.a = a
      self.b = b
      self.c = c
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(a, b, c)
    }

    /// The iterator of a ``Publishers/Combining3``: one subscription to the three upstreams.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline var consumer: UpstreamsConsumer<TripleCombiner<A.Output, B.Output, C.Output, Rule>, Failure>

      @inlinable
      init(_ a: A, _ b: B, _ c: C) {
        typealias Storage = UpstreamsStorage<UpstreamValue3<A.Output, B.Output, C.Output>, Failure>
        consumer = UpstreamsConsumer(
          TripleCombiner(),
          producers: [
            Storage.producer(subscribingTo: a, wrap: { .first($0) }),
            Storage.producer(subscribingTo: b, wrap: { .second($0) }),
            Storage.producer(subscribingTo: c, wrap: { .third($0) }),
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
