extension Publisher where Output: Comparable {
  /// Publishes the smallest value, when the upstream finishes.
  ///
  /// ```swift
  /// for await n in [3, 1, 2].publisher.min() { print(n) }  // 1
  /// ```
  ///
  /// Of equal values, the first is kept. An empty upstream publishes nothing; one that fails
  /// publishes nothing and fails.
  @inlinable @_disfavoredOverload
  public func min() -> Publishers.Comparison<Self> {
    Publishers.Comparison(upstream: self) { $1 < $0 }
  }

  /// Publishes the largest value, when the upstream finishes. See ``Publisher/min()->Publishers.Comparison<Self>``.
  ///
  /// ```swift
  /// for await n in [3, 1, 2].publisher.max() { print(n) }  // 3
  /// ```
  @inlinable @_disfavoredOverload
  public func max() -> Publishers.Comparison<Self> {
    Publishers.Comparison(upstream: self) { $0 < $1 }
  }
}

extension Publisher {
  /// Publishes the smallest value by `areInIncreasingOrder`, when the upstream finishes.
  ///
  /// ```swift
  /// for await word in ["pear", "fig", "apple"].publisher.min(by: { $0.count < $1.count }) { print(word) }  // fig
  /// ```
  ///
  /// Of equal values, the first is kept, as in Combine.
  @inlinable @_disfavoredOverload
  public func min(
    by areInIncreasingOrder: @escaping @Sendable (Output, Output) -> Bool
  ) -> Publishers.Comparison<Self> {
    Publishers.Comparison(upstream: self) { areInIncreasingOrder($1, $0) }
  }

  /// Publishes the largest value by `areInIncreasingOrder`, when the upstream finishes.
  ///
  /// ```swift
  /// for await word in ["pear", "fig", "apple"].publisher.max(by: { $0.count < $1.count }) { print(word) }  // apple
  /// ```
  ///
  /// Of equal values, the first is kept, as in Combine.
  @inlinable @_disfavoredOverload
  public func max(
    by areInIncreasingOrder: @escaping @Sendable (Output, Output) -> Bool
  ) -> Publishers.Comparison<Self> {
    Publishers.Comparison(upstream: self, areInIncreasingOrder: areInIncreasingOrder)
  }
}

extension Publishers {
  /// A publisher of the greatest value of its upstream by an ordering: ``Publisher/max(by:)->Publishers.Comparison<Self>``,
  /// and ``Publisher/min(by:)->Publishers.Comparison<Self>`` with the ordering reversed.
  public struct Comparison<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Element = Upstream.Output
    public typealias Failure = Upstream.Failure

    public let upstream: Upstream
    /// `true` when the first value is before the second; a later value replaces the kept one
    /// only when the kept one is before it.
    public let areInIncreasingOrder: @Sendable (Upstream.Output, Upstream.Output) -> Bool

    @inlinable
    public init(
      upstream: Upstream,
      areInIncreasingOrder: @escaping @Sendable (Upstream.Output, Upstream.Output) -> Bool
    ) {
      self.upstream = upstream
      self.areInIncreasingOrder = areInIncreasingOrder
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(upstream: upstream.makeAsyncIterator(), areInIncreasingOrder: areInIncreasingOrder)
    }

    /// The iterator of a ``Comparison``.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline var folding: FoldingIterator<Upstream.AsyncIterator>
      @usableFromInline let areInIncreasingOrder: @Sendable (Upstream.Output, Upstream.Output) -> Bool

      @inlinable
      init(
        upstream: Upstream.AsyncIterator,
        areInIncreasingOrder: @escaping @Sendable (Upstream.Output, Upstream.Output) -> Bool
      ) {
        folding = FoldingIterator(upstream)
        self.areInIncreasingOrder = areInIncreasingOrder
      }

      @inlinable
      public mutating func next() async throws(Failure) -> Output? {
        try await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        var kept: Output?
        let areInIncreasingOrder = areInIncreasingOrder
        return try await folding.fold(isolation: actor) { value in
          if let current = kept {
            if areInIncreasingOrder(current, value) { kept = value }
          } else {
            kept = value
          }
          return nil
        } end: {
          kept
        }
      }
    }
  }
}
