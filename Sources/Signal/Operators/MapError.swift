extension Publisher {
  /// Converts the upstream's failure into another error type.
  ///
  /// ```swift
  /// let posts = rawPosts.mapError { (error: DecodingFailure) in FetchError.malformed(error) }
  /// ```
  @inlinable
  public func mapError<NewFailure: Error>(
    _ transform: @escaping @Sendable (Failure) -> NewFailure
  ) -> Publishers.MapError<Self, NewFailure> {
    Publishers.MapError(upstream: self, transform: transform)
  }
}

extension Publishers {
  /// A publisher that converts its upstream's failure. See ``Publisher/mapError(_:)``.
  public struct MapError<Upstream: Publisher, Failure: Error>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Element = Upstream.Output

    public let upstream: Upstream
    public let transform: @Sendable (Upstream.Failure) -> Failure

    @inlinable
    public init(upstream: Upstream, transform: @escaping @Sendable (Upstream.Failure) -> Failure) {
      self.upstream = upstream
      self.transform = transform
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(upstream: upstream.makeAsyncIterator(), transform: transform)
    }

    /// The iterator of a ``MapError``.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline var upstream: Upstream.AsyncIterator
      @usableFromInline let transform: @Sendable (Upstream.Failure) -> Failure

      @inlinable
      init(upstream: Upstream.AsyncIterator, transform: @escaping @Sendable (Upstream.Failure) -> Failure) {
        self.upstream = upstream
        self.transform = transform
      }

      @inlinable
      public mutating func next() async throws(Failure) -> Output? {
        try await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        do throws(Upstream.Failure) {
          return try await upstream.next(isolation: actor)
        } catch {
          throw transform(error)
        }
      }
    }
  }
}
