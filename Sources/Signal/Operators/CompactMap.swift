extension Publisher {
  /// Transforms every value with a synchronous closure and publishes the non-`nil` results.
  ///
  /// ```swift
  /// for await n in ["1", "x", "3"].publisher.compactMap({ Int($0) }) { print(n) }  // 1, 3
  /// ```
  @inlinable
  public func compactMap<NewOutput>(
    _ transform: @escaping @Sendable (Output) -> NewOutput?
  ) -> Publishers.CompactMap<Self, NewOutput> {
    Publishers.CompactMap(upstream: self, transform: transform)
  }
}

extension Publishers {
  /// A publisher that transforms values and drops the `nil` results. See ``Publisher/compactMap(_:)``.
  public struct CompactMap<Upstream: Publisher, Output>: Publisher {
    public typealias Element = Output
    public typealias Failure = Upstream.Failure

    public let upstream: Upstream
    public let transform: @Sendable (Upstream.Output) -> Output?

    @inlinable
    public init(upstream: Upstream, transform: @escaping @Sendable (Upstream.Output) -> Output?) {
      self.upstream = upstream
      self.transform = transform
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(upstream: upstream.makeAsyncIterator(), transform: transform)
    }

    /// The iterator of a ``CompactMap``.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline var upstream: Upstream.AsyncIterator
      @usableFromInline let transform: @Sendable (Upstream.Output) -> Output?

      @inlinable
      init(upstream: Upstream.AsyncIterator, transform: @escaping @Sendable (Upstream.Output) -> Output?) {
        self.upstream = upstream
        self.transform = transform
      }

      @inlinable
      public mutating func next() async throws(Failure) -> Output? {
        try await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        while let value = try await upstream.next(isolation: actor) {
          if let transformed = transform(value) { return transformed }
        }
        return nil
      }
    }
  }
}
