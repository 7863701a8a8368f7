extension Publisher where Output: Equatable {
  /// Publishes `true` as soon as the upstream produces `output`, or `false` when it finishes
  /// without it.
  ///
  /// ```swift
  /// for await found in [1, 2, 3].publisher.contains(2) { print(found) }  // true
  /// ```
  ///
  /// On a match it finishes at once and releases the upstream without pulling another value.
  /// An upstream that fails before a match publishes nothing and fails.
  @inlinable @_disfavoredOverload
  public func contains(_ output: Output) -> Publishers.Contains<Self> where Output: Sendable {
    Publishers.Contains(upstream: self) { $0 == output }
  }
}

extension Publisher {
  /// Publishes `true` as soon as a value satisfies `predicate`, or `false` when the upstream
  /// finishes without one.
  ///
  /// ```swift
  /// for await found in [1, 3, 4].publisher.contains(where: { $0.isMultiple(of: 2) }) { print(found) }  // true
  /// ```
  ///
  /// See ``Publisher/contains(_:)->Publishers.Contains<Self>`` for the rules.
  @inlinable @_disfavoredOverload
  public func contains(where predicate: @escaping @Sendable (Output) -> Bool) -> Publishers.Contains<Self> {
    Publishers.Contains(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// Combine's name for the publisher of ``Publisher/contains(where:)->Publishers.Contains<Self>``: in Signal both
  /// forms are a ``Contains``.
  ///
  /// ```swift
  /// let hasEven: Publishers.ContainsWhere<SequencePublisher<[Int]>> = [1, 2].publisher.contains { $0 % 2 == 0 }
  /// ```
  public typealias ContainsWhere<Upstream: Publisher> = Contains<Upstream>

  /// A publisher of whether its upstream produced a matching value. See
  /// ``Publisher/contains(_:)->Publishers.Contains<Self>`` and ``Publisher/contains(where:)->Publishers.Contains<Self>``.
  public struct Contains<Upstream: Publisher>: Publisher {
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

    /// The iterator of a ``Contains``.
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
          predicate($0) ? true : nil
        } end: {
          false
        }
      }
    }
  }
}
