extension Publisher {
  /// Skips the first `count` values, then publishes the rest.
  ///
  /// ```swift
  /// for await n in [1, 2, 3, 4].publisher.dropFirst(2) { print(n) }  // 3, 4
  /// ```
  ///
  /// A negative `count` counts as zero.
  @inlinable
  public func dropFirst(_ count: Int = 1) -> Publishers.DropFirst<Self> {
    Publishers.DropFirst(upstream: self, count: count)
  }
}

extension Publishers {
  /// A publisher that skips the first values of its upstream. See ``Publisher/dropFirst(_:)``.
  public struct DropFirst<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Element = Upstream.Output
    public typealias Failure = Upstream.Failure

    public let upstream: Upstream
    /// How many values are skipped; never negative.
    public let count: Int

    @inlinable
    public init(upstream: Upstream, count: Int) {
      self.upstream = upstream
      self.count = Swift.max(0, count)
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(upstream: upstream.makeAsyncIterator(), toSkip: count)
    }

    /// The iterator of a ``DropFirst``.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline var upstream: Upstream.AsyncIterator
      @usableFromInline var toSkip: Int

      @inlinable
      init(upstream: Upstream.AsyncIterator, toSkip: Int) {
        self.upstream = upstream
        self.toSkip = toSkip
      }

      @inlinable
      public mutating func next() async throws(Failure) -> Output? {
        try await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        while toSkip > 0 {
          guard try await upstream.next(isolation: actor) != nil else { return nil }
          toSkip -= 1
        }
        return try await upstream.next(isolation: actor)
      }
    }
  }
}
