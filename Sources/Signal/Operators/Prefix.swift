extension Publisher {
  /// Publishes at most the first `maxLength` values, then finishes.
  ///
  /// ```swift
  /// for await n in (1...).publisher.prefix(3) { print(n) }  // 1, 2, 3
  /// ```
  ///
  /// After the last value it finishes without asking the upstream for another, and ends the
  /// upstream subscription at once (a subject stops buffering for it), even if the iterator is
  /// still held. A negative `maxLength` counts as zero.
  @inlinable
  public func prefix(_ maxLength: Int) -> Publishers.Prefix<Self> {
    Publishers.Prefix(upstream: self, maxLength: maxLength)
  }
}

extension Publishers {
  /// A publisher of the first values of its upstream. See ``Publisher/prefix(_:)``.
  public struct Prefix<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Element = Upstream.Output
    public typealias Failure = Upstream.Failure

    public let upstream: Upstream
    /// The most values published; never negative.
    public let maxLength: Int

    @inlinable
    public init(upstream: Upstream, maxLength: Int) {
      self.upstream = upstream
      self.maxLength = Swift.max(0, maxLength)
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(upstream: upstream.makeAsyncIterator(), remaining: maxLength)
    }

    /// The iterator of a ``Prefix``.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline var upstream: UpstreamIterator<Upstream.AsyncIterator>
      @usableFromInline var remaining: Int

      @inlinable
      init(upstream: Upstream.AsyncIterator, remaining: Int) {
        self.upstream = UpstreamIterator(upstream)
        self.remaining = remaining
        if remaining == 0 { self.upstream.release() }
      }

      @inlinable
      public mutating func next() async throws(Failure) -> Output? {
        try await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        guard remaining > 0 else { return nil }
        guard let value = try await upstream.next(isolation: actor) else {
          remaining = 0
          return nil
        }
        remaining -= 1
        if remaining == 0 { upstream.release() }
        return value
      }
    }
  }
}
