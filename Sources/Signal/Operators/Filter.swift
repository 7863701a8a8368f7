extension Publisher {
  /// Publishes only the values that satisfy `isIncluded`.
  ///
  /// ```swift
  /// for await n in (1...6).publisher.filter({ $0.isMultiple(of: 2) }) { print(n) }  // 2, 4, 6
  /// ```
  @inlinable
  public func filter(
    _ isIncluded: @escaping @Sendable (Output) -> Bool
  ) -> Publishers.Filter<Self> {
    Publishers.Filter(upstream: self, isIncluded: isIncluded)
  }
}

extension Publishers {
  /// A publisher of the upstream values that satisfy a predicate. See ``Publisher/filter(_:)``.
  public struct Filter<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Element = Upstream.Output
    public typealias Failure = Upstream.Failure

    public let upstream: Upstream
    public let isIncluded: @Sendable (Upstream.Output) -> Bool

    @inlinable
    public init(upstream: Upstream, isIncluded: @escaping @Sendable (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.isIncluded = isIncluded
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(upstream: upstream.makeAsyncIterator(), isIncluded: isIncluded)
    }

    /// The iterator of a ``Filter``.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline var upstream: Upstream.AsyncIterator
      @usableFromInline let isIncluded: @Sendable (Upstream.Output) -> Bool

      @inlinable
      init(upstream: Upstream.AsyncIterator, isIncluded: @escaping @Sendable (Upstream.Output) -> Bool) {
        self.upstream = upstream
        self.isIncluded = isIncluded
      }

      @inlinable
      public mutating func next() async throws(Failure) -> Output? {
        try await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        while let value = try await upstream.next(isolation: actor) {
          if isIncluded(value) { return value }
        }
        return nil
      }
    }
  }
}
