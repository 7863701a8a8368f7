extension Publisher where Output: Sendable {
  /// Ignores values until `other` produces its first value, then republishes them all.
  ///
  /// ```swift
  /// let afterLogin = notifications.drop(untilOutputFrom: loggedIn)
  /// ```
  ///
  /// Values that arrive before `other`'s first value are dropped; once it has one, `other`
  /// is released and every later value passes. If `other` finishes or fails before producing
  /// a value, the stream finishes or fails the same way at once and this publisher is
  /// released, as in Combine. Both are subscribed when you subscribe and run concurrently;
  /// this publisher waits when 64 values are ahead of the consumer.
  @inlinable
  public func drop<Other: Publisher>(untilOutputFrom other: Other) -> Publishers.DropUntilOutput<Self, Other>
  where Other.Failure == Failure {
    Publishers.DropUntilOutput(upstream: self, other: other)
  }
}

extension Publishers {
  /// A publisher that ignores its upstream's values until another publisher produces a
  /// value. See ``Publisher/drop(untilOutputFrom:)``.
  public struct DropUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher
  where Upstream.Output: Sendable, Other.Failure == Upstream.Failure {
    public typealias Output = Upstream.Output
    public typealias Element = Upstream.Output
    public typealias Failure = Upstream.Failure

    public let upstream: Upstream
    /// The publisher whose first value opens the stream.
    public let other: Other

    @inlinable
    public init(upstream: Upstream, other: Other) {
      self.upstream = upstream
      self.other = other
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(upstream: upstream, other: other)
    }

    /// The iterator of a ``DropUntilOutput``: one subscription to both publishers.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline typealias Logic = DropUntilOutputLogic<Output, Failure>

      @usableFromInline var consumer: CompanionConsumer<Logic>

      @inlinable
      init(upstream: Upstream, other: Other) {
        consumer = CompanionConsumer(Logic(), upstream: upstream, companion: other, reading: { _ in () })
      }

      @inlinable
      public mutating func next() async throws(Failure) -> Output? {
        try await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        try await consumer.next(isolation: actor)
      }
    }
  }
}
