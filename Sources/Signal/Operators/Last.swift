extension Publisher {
  /// Publishes the upstream's last value, when it finishes.
  ///
  /// ```swift
  /// for await n in [7, 8, 9].publisher.last() { print(n) }  // 9
  /// ```
  ///
  /// An empty upstream publishes nothing; one that fails publishes nothing and fails.
  @inlinable
  public func last() -> Publishers.Last<Self> {
    Publishers.Last(upstream: self, predicate: nil)
  }

  /// Publishes the last value that satisfies `predicate`, when the upstream finishes.
  ///
  /// ```swift
  /// for await n in [1, 4, 6, 7].publisher.last(where: { $0.isMultiple(of: 2) }) { print(n) }  // 6
  /// ```
  @inlinable
  public func last(where predicate: @escaping @Sendable (Output) -> Bool) -> Publishers.Last<Self> {
    Publishers.Last(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher of the last (matching) value of its upstream. See ``Publisher/last()`` and
  /// ``Publisher/last(where:)``.
  public struct Last<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Element = Upstream.Output
    public typealias Failure = Upstream.Failure

    public let upstream: Upstream
    /// The condition the value must meet; `nil` accepts any value.
    public let predicate: (@Sendable (Output) -> Bool)?

    @inlinable
    public init(upstream: Upstream, predicate: (@Sendable (Output) -> Bool)?) {
      self.upstream = upstream
      self.predicate = predicate
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(upstream: upstream.makeAsyncIterator(), predicate: predicate)
    }

    /// The iterator of a ``Last``.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline var folding: FoldingIterator<Upstream.AsyncIterator>
      @usableFromInline let predicate: (@Sendable (Output) -> Bool)?

      @inlinable
      init(upstream: Upstream.AsyncIterator, predicate: (@Sendable (Output) -> Bool)?) {
        folding = FoldingIterator(upstream)
        self.predicate = predicate
      }

      @inlinable
      public mutating func next() async throws(Failure) -> Output? {
        try await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        var last: Output?
        let predicate = predicate
        return try await folding.fold(isolation: actor) { value in
          if predicate?(value) ?? true { last = value }
          return nil
        } end: {
          last
        }
      }
    }
  }
}
