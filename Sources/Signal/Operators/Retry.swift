extension Publisher {
  /// Subscribes to the upstream again, up to `retries` times, when it fails.
  ///
  /// ```swift
  /// for try await post in Deferred { fetchPosts() }.retry(2) { show(post) }  // at most 3 attempts
  /// ```
  ///
  /// As in Combine, values already published stay published: a retry starts a fresh
  /// subscription, which may publish the same values again. After the last retry the
  /// failure is passed on. A negative count counts as zero. A cancelled task is not
  /// re-subscribed: the failure is passed on at once.
  @inlinable
  public func retry(_ retries: Int) -> Publishers.Retry<Self> {
    Publishers.Retry(upstream: self, retries: retries)
  }
}

extension Publishers {
  /// A publisher that re-subscribes to its upstream after a failure. See ``Publisher/retry(_:)``.
  public struct Retry<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Element = Upstream.Output
    public typealias Failure = Upstream.Failure

    public let upstream: Upstream
    /// The most re-subscriptions after failures; never negative.
    public let retries: Int

    @inlinable
    public init(upstream: Upstream, retries: Int) {
      self.upstream = upstream
      self.retries = Swift.max(0, retries)
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(upstream: upstream, retriesLeft: retries)
    }

    /// The iterator of a ``Retry``.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline let publisher: Upstream
      @usableFromInline var subscription: Upstream.AsyncIterator
      @usableFromInline var retriesLeft: Int

      @inlinable
      init(upstream: Upstream, retriesLeft: Int) {
        self.publisher = upstream
        self.subscription = upstream.makeAsyncIterator()
        self.retriesLeft = retriesLeft
      }

      @inlinable
      public mutating func next() async throws(Failure) -> Output? {
        try await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        while true {
          do throws(Failure) {
            return try await subscription.next(isolation: actor)
          } catch {
            guard retriesLeft > 0, !Task.isCancelled else { throw error }
            retriesLeft -= 1
            subscription = publisher.makeAsyncIterator()
          }
        }
      }
    }
  }
}
