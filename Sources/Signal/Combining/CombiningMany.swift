extension Publishers {
  /// Combines the values of any number of publishers of one type into arrays under a
  /// ``CombiningRule``: ``Publishers/ZipMany`` and ``Publishers/CombineLatestMany`` are this
  /// type with their rule.
  ///
  /// ```swift
  /// let rows = await Publishers.ZipMany([[1, 2].publisher, [10, 20].publisher, [100].publisher]).allValues()
  /// // [[1, 10, 100]]
  /// ```
  ///
  /// Each array holds one value per upstream, in the order of `upstreams`. With no
  /// upstreams it finishes at once. Otherwise it behaves like ``Publishers/Combining2``.
  public struct CombiningMany<Upstream: Publisher, Rule: CombiningRule>: Publisher where Upstream.Output: Sendable {
    public typealias Output = [Upstream.Output]
    public typealias Element = Output
    public typealias Failure = Upstream.Failure

    public let upstreams: [Upstream]

    @inlinable
    public init(_ upstreams: [Upstream]) {
      self.upstreams = upstreams
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(upstreams)
    }

    /// The iterator of a ``Publishers/CombiningMany``: one subscription to every upstream.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline var consumer: UpstreamsConsumer<ArrayCombiner<Upstream.Output, Rule>, Failure>

      @inlinable
      init(_ upstreams: [Upstream]) {
        typealias Storage = UpstreamsStorage<Upstream.Output, Failure>
        consumer = UpstreamsConsumer(
          ArrayCombiner(upstreams: upstreams.count),
          producers: upstreams.map { Storage.producer(subscribingTo: $0, wrap: { $0 }) })
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
