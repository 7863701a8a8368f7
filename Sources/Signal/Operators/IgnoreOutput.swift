extension Publisher {
  /// Ignores every value and publishes only how the upstream ends.
  ///
  /// ```swift
  /// for try await _ in upload.ignoreOutput() {}  // returns when the upload finishes, throws if it fails
  /// ```
  @inlinable
  public func ignoreOutput() -> Publishers.IgnoreOutput<Self> {
    Publishers.IgnoreOutput(upstream: self)
  }
}

extension Publishers {
  /// A publisher of its upstream's completion only. See ``Publisher/ignoreOutput()``.
  public struct IgnoreOutput<Upstream: Publisher>: Publisher {
    public typealias Output = Never
    public typealias Element = Never
    public typealias Failure = Upstream.Failure

    public let upstream: Upstream

    @inlinable
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(upstream: upstream.makeAsyncIterator())
    }

    /// The iterator of an ``IgnoreOutput``.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline var folding: FoldingIterator<Upstream.AsyncIterator>

      @inlinable
      init(upstream: Upstream.AsyncIterator) {
        folding = FoldingIterator(upstream)
      }

      @inlinable
      public mutating func next() async throws(Failure) -> Never? {
        try await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Never? {
        try await folding.fold(isolation: actor) { _ in
          nil
        } end: {
          nil
        }
      }
    }
  }
}
