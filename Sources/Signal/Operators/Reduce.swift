extension Publisher {
  /// Combines all values with an accumulator and publishes the final result when the
  /// upstream finishes.
  ///
  /// ```swift
  /// for await total in [1, 2, 3].publisher.reduce(0, +) { print(total) }  // 6
  /// ```
  ///
  /// An upstream that finishes without values publishes `initialResult`; an upstream
  /// that fails publishes nothing and fails. If the iterating task is cancelled, the
  /// stream ends without a value rather than with a partial result. This is Combine's `reduce`, a publisher,
  /// wherever a publisher is needed (a chain, a type, `for await`); `await p.reduce(0, +)` alone in an
  /// async function is the standard library's `AsyncSequence.reduce`, the value. In top-level code
  /// (`main.swift`) write the type, `let total: Int = await numbers.reduce(0, +)`: Swift ranks it as
  /// synchronous code, where the operator wins.
  @inlinable @_disfavoredOverload
  public func reduce<Result: Sendable>(
    _ initialResult: Result,
    _ nextPartialResult: @escaping @Sendable (Result, Output) -> Result
  ) -> Publishers.Reduce<Self, Result> {
    Publishers.Reduce(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
  }
}

extension Publishers {
  /// A publisher of the final accumulation of its upstream. See ``Publisher/reduce(_:_:)->Publishers.Reduce<Self,Result>``.
  public struct Reduce<Upstream: Publisher, Output: Sendable>: Publisher {
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

    /// The iterator of a ``Reduce``.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline var upstream: Upstream.AsyncIterator
      /// The running result; `nil` once it has been published or the upstream failed.
      @usableFromInline var accumulator: Output?
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

      // Not a FoldingIterator: reduce ends only after its upstream has, so there is nothing to release
      // early, and looping on the stored iterator with no closure call per value lets the optimizer fuse
      // the whole chain above it into one loop.
      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        guard var result = accumulator else { return nil }
        accumulator = nil
        while let value = try await upstream.next(isolation: actor) {
          result = nextPartialResult(result, value)
        }
        // A cancelled upstream ends early; its partial total would be a wrong answer.
        return Task.isCancelled ? nil : result
      }
    }
  }
}
