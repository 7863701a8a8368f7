extension Publisher {
  /// Publishes every intermediate result of combining the values with an accumulator.
  ///
  /// ```swift
  /// for await total in [1, 2, 3].publisher.scan(0, +) { print(total) }  // 1, 3, 6
  /// ```
  ///
  /// Each subscription starts again from `initialResult`.
  @inlinable
  public func scan<Result: Sendable>(
    _ initialResult: Result,
    _ nextPartialResult: @escaping @Sendable (Result, Output) -> Result
  ) -> Publishers.Scan<Self, Result> {
    Publishers.Scan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
  }
}

extension Publishers {
  /// A publisher of running accumulations. See ``Publisher/scan(_:_:)``.
  public struct Scan<Upstream: Publisher, Output: Sendable>: Publisher {
    public typealias Element = Output
    public typealias Failure = Upstream.Failure

    public let upstream: Upstream
    public let initialResult: Output
    public let nextPartialResult: @Sendable (Output, Upstream.Output) -> Output

    @inlinable
    public init(
      upstream: Upstream,
      initialResult: Output,
      nextPartialResult: @escaping @Sendable (Output, Upstream.Output) -> Output
    ) {
      self.upstream = upstream
      self.initialResult = initialResult
      self.nextPartialResult = nextPartialResult
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(upstream: upstream.makeAsyncIterator(), accumulator: initialResult, nextPartialResult: nextPartialResult)
    }

    /// The iterator of a ``Scan``.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline var upstream: Upstream.AsyncIterator
      @usableFromInline var accumulator: Output
      @usableFromInline let nextPartialResult: @Sendable (Output, Upstream.Output) -> Output

      @inlinable
      init(
        upstream: Upstream.AsyncIterator,
        accumulator: Output,
        nextPartialResult: @escaping @Sendable (Output, Upstream.Output) -> Output
      ) {
        self.upstream = upstream
        self.accumulator = accumulator
        self.nextPartialResult = nextPartialResult
      }

      @inlinable
      public mutating func next() async throws(Failure) -> Output? {
        try await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        guard let value = try await upstream.next(isolation: actor) else { return nil }
        accumulator = nextPartialResult(accumulator, value)
        return accumulator
      }
    }
  }
}
