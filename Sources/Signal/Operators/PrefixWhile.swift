extension Publisher {
  /// Republishes values while `predicate` holds, and finishes at the first value that fails it.
  ///
  /// ```swift
  /// for await n in [1, 2, 5, 1].publisher.prefix(while: { $0 < 3 }) { print(n) }  // 1, 2
  /// ```
  ///
  /// The value that fails the predicate is not published; the upstream is released at that
  /// moment, without pulling another value.
  @inlinable
  public func prefix(while predicate: @escaping @Sendable (Output) -> Bool) -> Publishers.PrefixWhile<Self> {
    Publishers.PrefixWhile(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher of its upstream's values while a predicate holds. See
  /// ``Publisher/prefix(while:)``.
  public struct PrefixWhile<Upstream: Publisher>: Publisher {
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

    /// The iterator of a ``PrefixWhile``.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline var upstream: UpstreamIterator<Upstream.AsyncIterator>
      @usableFromInline let predicate: @Sendable (Output) -> Bool

      @inlinable
      init(upstream: Upstream.AsyncIterator, predicate: @escaping @Sendable (Output) -> Bool) {
        self.upstream = UpstreamIterator(upstream)
        self.predicate = predicate
      }

      @inlinable
      public mutating func next() async throws(Failure) -> Output? {
        try await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        guard let value = try await upstream.next(isolation: actor) else { return nil }
        guard predicate(value) else {
          upstream.release()
          return nil
        }
        return value
      }
    }
  }
}
