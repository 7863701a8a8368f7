extension Publisher where Output: Sendable {
  /// Republishes values until `other` produces its first value, then finishes.
  ///
  /// ```swift
  /// let untilClosed = downloads.prefix(untilOutputFrom: closeButtonTaps)
  /// ```
  ///
  /// When `other` produces a value, the stream finishes after the values that arrived before
  /// it, and both publishers are released at once. If `other` finishes or fails without a
  /// value, nothing changes (its failure is not this stream's): values pass until this
  /// publisher ends, as in Combine. Both are subscribed when you subscribe and run
  /// concurrently; this publisher waits when 64 values are ahead of the consumer.
  @inlinable
  public func prefix<Other: Publisher>(untilOutputFrom other: Other) -> Publishers.PrefixUntilOutput<Self, Other> {
    Publishers.PrefixUntilOutput(upstream: self, other: other)
  }
}

extension Publishers {
  /// A publisher of its upstream's values until another publisher produces a value. See
  /// ``Publisher/prefix(untilOutputFrom:)``.
  public struct PrefixUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher
  where Upstream.Output: Sendable {
    public typealias Output = Upstream.Output
    public typealias Element = Upstream.Output
    public typealias Failure = Upstream.Failure

    public let upstream: Upstream
    /// The publisher whose first value finishes the stream.
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

    /// The iterator of a ``PrefixUntilOutput``: one subscription to both publishers.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline typealias Logic = PrefixUntilOutputLogic<Output, Other.Failure, Failure>

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
