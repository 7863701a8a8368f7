extension Publisher where Failure == Never {
  /// Gives a publisher that cannot fail the failure type another publisher expects, so the
  /// two can be combined (for example with ``Publisher/merge(with:)``).
  ///
  /// ```swift
  /// let local = cachedPosts.publisher.setFailureType(to: FetchError.self)
  /// let all = local.merge(with: remotePosts)  // remotePosts fails with FetchError
  /// ```
  @inlinable
  public func setFailureType<NewFailure: Error>(to failureType: NewFailure.Type)
    -> Publishers.SetFailureType<
      Self, NewFailure
    >
  {
    Publishers.SetFailureType(upstream: self)
  }
}

extension Publishers {
  /// A publisher that never fails, typed as one that may. See ``Publisher/setFailureType(to:)``.
  public struct SetFailureType<Upstream: Publisher, Failure: Error>: Publisher where Upstream.Failure == Never {
    public typealias Output = Upstream.Output
    public typealias Element = Upstream.Output

    public let upstream: Upstream

    @inlinable
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(upstream: upstream.makeAsyncIterator())
    }

    /// The iterator of a ``SetFailureType``.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline var upstream: Upstream.AsyncIterator

      @inlinable
      init(upstream: Upstream.AsyncIterator) {
        self.upstream = upstream
      }

      @inlinable
      public mutating func next() async throws(Failure) -> Output? {
        try await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        await upstream.next(isolation: actor)
      }
    }
  }
}
