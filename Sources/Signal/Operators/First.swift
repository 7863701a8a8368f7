extension Publisher {
  /// Publishes the first value, then finishes.
  ///
  /// ```swift
  /// for await n in [7, 8, 9].publisher.first() { print(n) }  // 7
  /// ```
  ///
  /// It asks the upstream for no value after the first, and ends the upstream subscription
  /// as soon as it has it. To get the value itself rather
  /// than a publisher, use ``Publisher/firstValue(isolation:)``.
  @inlinable
  public func first() -> Publishers.First<Self> {
    Publishers.First(upstream: self, predicate: nil)
  }

  /// Publishes the first value that satisfies `predicate`, then finishes.
  ///
  /// ```swift
  /// for await n in [1, 4, 6].publisher.first(where: { $0 > 3 }) { print(n) }  // 4
  /// ```
  ///
  /// It asks the upstream for no value after the match. On a publisher this is chosen
  /// over the standard library's `AsyncSequence.first(where:)`, which returns the value.
  @inlinable @_disfavoredOverload
  public func first(where predicate: @escaping @Sendable (Output) -> Bool) -> Publishers.First<Self> {
    Publishers.First(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher of the first (matching) value of its upstream. See ``Publisher/first()``
  /// and ``Publisher/first(where:)->Publishers.First<Self>``.
  public struct First<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Element = Upstream.Output
    public typealias Failure = Upstream.Failure

    public let upstream: Upstream
    /// The condition the value must meet; `nil` accepts any value.
    public let predicate: (@Sendable (Output) -> Bool)?

    @inlinable
    public init(upstream: Upstream, predicate: (@Sendable (Output) -> Bool)?) {
      self.upstream = upstream
      self.predicate = predicate
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(upstream: upstream.makeAsyncIterator(), predicate: predicate)
    }

    /// The iterator of a ``First``.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline var upstream: UpstreamIterator<Upstream.AsyncIterator>
      @usableFromInline let predicate: (@Sendable (Output) -> Bool)?

      @inlinable
      init(upstream: Upstream.AsyncIterator, predicate: (@Sendable (Output) -> Bool)?) {
        self.upstream = UpstreamIterator(upstream)
        self.predicate = predicate
      }

      @inlinable
      public mutating func next() async throws(Failure) -> Output? {
        try await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        while let value = try await upstream.next(isolation: actor) {
          if predicate?(value) ?? true {
            upstream.release()
            return value
          }
        }
        upstream.release()
        return nil
      }
    }
  }
}
