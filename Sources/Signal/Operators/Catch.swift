extension Publisher {
  /// Replaces a failed upstream with a publisher built from its error.
  ///
  /// ```swift
  /// let posts = live.catch { _ in cachedPosts }  // on failure, continue with the cache
  /// ```
  ///
  /// Values already published stay published; the replacement's values follow, and the
  /// stream then ends as the replacement ends. The result fails only as the replacement
  /// can fail: `Never` if the replacement cannot.
  @inlinable
  public func `catch`<NewPublisher: Publisher>(
    _ handler: @escaping @Sendable (Failure) -> NewPublisher
  ) -> Publishers.Catch<Self, NewPublisher> where NewPublisher.Output == Output {
    Publishers.Catch(upstream: self, handler: handler)
  }
}

extension Publishers {
  /// A publisher that continues with a replacement when its upstream fails. See ``Publisher/catch(_:)``.
  public struct Catch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
  where NewPublisher.Output == Upstream.Output {
    public typealias Output = Upstream.Output
    public typealias Element = Upstream.Output
    public typealias Failure = NewPublisher.Failure

    public let upstream: Upstream
    public let handler: @Sendable (Upstream.Failure) -> NewPublisher

    @inlinable
    public init(upstream: Upstream, handler: @escaping @Sendable (Upstream.Failure) -> NewPublisher) {
      self.upstream = upstream
      self.handler = handler
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(upstream: upstream.makeAsyncIterator(), handler: handler)
    }

    /// The iterator of a ``Catch``.
    public struct Iterator: AsyncIteratorProtocol {
      /// The upstream's iterator until it fails; then released.
      @usableFromInline var upstream: UpstreamIterator<Upstream.AsyncIterator>
      @usableFromInline var replacement: NewPublisher.AsyncIterator?
      @usableFromInline let handler: @Sendable (Upstream.Failure) -> NewPublisher

      @inlinable
      init(upstream: Upstream.AsyncIterator, handler: @escaping @Sendable (Upstream.Failure) -> NewPublisher) {
        self.upstream = UpstreamIterator(upstream)
        self.handler = handler
      }

      @inlinable
      public mutating func next() async throws(Failure) -> Output? {
        try await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        if !upstream.isReleased {
          do throws(Upstream.Failure) {
            return try await upstream.next(isolation: actor)
          } catch {
            upstream.release()
            replacement = handler(error).makeAsyncIterator()
          }
        }
        return try await replacement?.next(isolation: actor)
      }
    }
  }
}
