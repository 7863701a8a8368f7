extension Publisher {
  /// Ignores values while `predicate` holds, then republishes every value from the first that
  /// fails it.
  ///
  /// ```swift
  /// for await n in [1, 2, 5, 1].publisher.drop(while: { $0 < 3 }) { print(n) }  // 5, 1
  /// ```
  ///
  /// Once a value has failed the predicate, the predicate is not called again.
  @inlinable
  public func drop(while predicate: @escaping @Sendable (Output) -> Bool) -> Publishers.DropWhile<Self> {
    Publishers.DropWhile(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that ignores its upstream's first values while a predicate holds. See
  /// ``Publisher/drop(while:)``.
  public struct DropWhile<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Element = Upstream.Output
    public typealias Failure = Upstream.Failure

    public let upstream: Upstream
    public let predicate: @Sendable (Output) -> Bool

    @inlinable
    public init(upstream: Upstream, predicate: @escaping @Sendable (Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(upstream: upstream.makeAsyncIterator(), predicate: predicate)
    }

    /// The iterator of a ``DropWhile``.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline var upstream: Upstream.AsyncIterator
      /// `nil` once a value has failed it: everything passes from then on.
      @usableFromInline var predicate: (@Sendable (Output) -> Bool)?

      @inlinable
      init(upstream: Upstream.AsyncIterator, predicate: @escaping @Sendable (Output) -> Bool) {
        self.upstream = upstream
        self.predicate = predicate
      }

      @inlinable
      public mutating func next() async throws(Failure) -> Output? {
        try await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        while let value = try await upstream.next(isolation: actor) {
          if let dropping = predicate {
            if dropping(value) { continue }
            predicate = nil
          }
          return value
        }
        return nil
      }
    }
  }
}
