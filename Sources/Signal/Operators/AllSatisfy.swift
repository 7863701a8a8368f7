extension Publisher {
  /// Publishes `false` as soon as a value fails `predicate`, or `true` when the upstream
  /// finishes with every value passing (an empty upstream included).
  ///
  /// ```swift
  /// for await ok in [2, 4, 6].publisher.allSatisfy({ $0.isMultiple(of: 2) }) { print(ok) }  // true
  /// ```
  ///
  /// On a failing value it finishes at once and releases the upstream without pulling another
  /// value. An upstream that fails first publishes nothing and fails.
  @inlinable @_disfavoredOverload
  public func allSatisfy(_ predicate: @escaping @Sendable (Output) -> Bool) -> Publishers.AllSatisfy<Self> {
    Publishers.AllSatisfy(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher of whether every value of its upstream satisfies a predicate. See
  /// ``Publisher/allSatisfy(_:)->Publishers.AllSatisfy<Self>``.
  public struct AllSatisfy<Upstream: Publisher>: Publisher {
    public typealias Output = Bool
    public typealias Element = Bool
    public typealias Failure = Upstream.Failure

    public let upstream: Upstream
    public let predicate: @Sendable (Upstream.Output) -> Bool

    @inlinable
    public init(upstream: Upstream, predicate: @escaping @Sendable (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(upstream: upstream.makeAsyncIterator(), predicate: predicate)
    }

    /// The iterator of an ``AllSatisfy``.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline var folding: FoldingIterator<Upstream.AsyncIterator>
      @usableFromInline let predicate: @Sendable (Upstream.Output) -> Bool

      @inlinable
      init(upstream: Upstream.AsyncIterator, predicate: @escaping @Sendable (Upstream.Output) -> Bool) {
        folding = FoldingIterator(upstream)
        self.predicate = predicate
      }

      @inlinable
      public mutating func next() async throws(Failure) -> Bool? {
        try await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Bool? {
        let predicate = predicate
        return try await folding.fold(isolation: actor) {
          predicate($0) ? nil : false
        } end: {
          true
        }
      }
    }
  }
}
