extension Publisher {
  /// Transforms every value with a synchronous closure that may throw; a thrown error
  /// ends the stream with that error.
  ///
  /// ```swift
  /// let numbers = ["1", "2", "x"].publisher.tryMap { text in
  ///   guard let n = Int(text) else { throw ParseError.notANumber(text) }
  ///   return n
  /// }
  /// // 1, 2, then fails with ParseError.notANumber("x")
  /// ```
  ///
  /// The failure type becomes `any Error`: it is either the closure's error or the
  /// upstream's failure, passed through unchanged.
  @inlinable
  public func tryMap<NewOutput>(
    _ transform: @escaping @Sendable (Output) throws -> NewOutput
  ) -> Publishers.TryMap<Self, NewOutput> {
    Publishers.TryMap(upstream: self, transform: transform)
  }
}

extension Publishers {
  /// A publisher that transforms every value with a throwing closure. See ``Publisher/tryMap(_:)``.
  public struct TryMap<Upstream: Publisher, Output>: Publisher {
    public typealias Element = Output
    public typealias Failure = any Error

    public let upstream: Upstream
    public let transform: @Sendable (Upstream.Output) throws -> Output

    @inlinable
    public init(upstream: Upstream, transform: @escaping @Sendable (Upstream.Output) throws -> Output) {
      self.upstream = upstream
      self.transform = transform
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(upstream: upstream.makeAsyncIterator(), transform: transform)
    }

    /// The iterator of a ``TryMap``.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline var upstream: UpstreamIterator<Upstream.AsyncIterator>
      @usableFromInline let transform: @Sendable (Upstream.Output) throws -> Output

      @inlinable
      init(upstream: Upstream.AsyncIterator, transform: @escaping @Sendable (Upstream.Output) throws -> Output) {
        self.upstream = UpstreamIterator(upstream)
        self.transform = transform
      }

      @inlinable
      public mutating func next() async throws -> Output? {
        try await next(isolation: nil)
      }

      /// After the closure throws, the stream is over: the upstream subscription ends at once
      /// and later calls return `nil`.
      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws -> Output? {
        guard let value = try await upstream.next(isolation: actor) else { return nil }
        do {
          return try transform(value)
        } catch {
          upstream.release()
          throw error
        }
      }
    }
  }
}
