extension Publisher {
  /// Transforms every value with a synchronous closure.
  ///
  /// ```swift
  /// for await label in [1, 2, 3].publisher.map({ "#\($0)" }) { print(label) }  // #1, #2, #3
  /// ```
  @inlinable
  public func map<NewOutput>(
    _ transform: @escaping @Sendable (Output) -> NewOutput
  ) -> Publishers.Map<Self, NewOutput> {
    Publishers.Map(upstream: self, transform: transform)
  }
}

extension Publishers {
  /// A publisher that transforms every value of its upstream. See ``Publisher/map(_:)``.
  public struct Map<Upstream: Publisher, Output>: Publisher {
    public typealias Element = Output
    public typealias Failure = Upstream.Failure

    public let upstream: Upstream
    public let transform: @Sendable (Upstream.Output) -> Output

    @inlinable
    public init(upstream: Upstream, transform: @escaping @Sendable (Upstream.Output) -> Output) {
      self.upstream = upstream
      self.transform = transform
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(upstream: upstream.makeAsyncIterator(), transform: transform)
    }

    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline var upstream: Upstream.AsyncIterator
      @usableFromInline let transform: @Sendable (Upstream.Output) -> Output

      @inlinable
      init(upstream: Upstream.AsyncIterator, transform: @escaping @Sendable (Upstream.Output) -> Output) {
        self.upstream = upstream
        self.transform = transform
      }

      @inlinable
      public mutating func next() async throws(Failure) -> Output? {
        try await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        guard let value = try await upstream.next(isolation: actor) else { return nil }
        return transform(value)
      }
    }
  }
}
