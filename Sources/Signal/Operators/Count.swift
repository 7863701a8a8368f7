extension Publisher {
  /// Publishes how many values the upstream produced, when it finishes.
  ///
  /// ```swift
  /// for await n in [3, 1, 4].publisher.count() { print(n) }  // 3
  /// ```
  ///
  /// An upstream that fails publishes nothing and fails; if the iterating task is cancelled,
  /// the stream ends without a (partial) count. On a publisher this is Combine's `count()`, a
  /// publisher (see <doc:ComingFromCombine> for the standard library's methods).
  @inlinable
  public func count() -> Publishers.Count<Self> {
    Publishers.Count(upstream: self)
  }
}

extension Publishers {
  /// A publisher of the number of values its upstream produced. See ``Publisher/count()``.
  public struct Count<Upstream: Publisher>: Publisher {
    public typealias Output = Int
    public typealias Element = Int
    public typealias Failure = Upstream.Failure

    public let upstream: Upstream

    @inlinable
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(upstream: upstream.makeAsyncIterator())
    }

    /// The iterator of a ``Count``.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline var folding: FoldingIterator<Upstream.AsyncIterator>

      @inlinable
      init(upstream: Upstream.AsyncIterator) {
        folding = FoldingIterator(upstream)
      }

      @inlinable
      public mutating func next() async throws(Failure) -> Int? {
        try await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Int? {
        var count = 0
        return try await folding.fold(isolation: actor) { _ in
          count += 1
          return nil
        } end: {
          count
        }
      }
    }
  }
}
