extension Publisher where Output: Equatable {
  /// Skips values equal to the value just before them.
  ///
  /// ```swift
  /// for await n in [1, 1, 2, 1, 1].publisher.removeDuplicates() { print(n) }  // 1, 2, 1
  /// ```
  @inlinable
  public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
    Publishers.RemoveDuplicates(upstream: self, predicate: { $0 == $1 })
  }
}

extension Publisher {
  /// Skips values that `predicate` says duplicate the last published value.
  ///
  /// ```swift
  /// let names = ["Ann", "ann", "Bob"].publisher.removeDuplicates { $0.lowercased() == $1.lowercased() }
  /// // Ann, Bob
  /// ```
  ///
  /// `predicate` receives the last published value, then the new one.
  @inlinable
  public func removeDuplicates(
    by predicate: @escaping @Sendable (Output, Output) -> Bool
  ) -> Publishers.RemoveDuplicates<Self> {
    Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that skips consecutive duplicates. See ``Publisher/removeDuplicates(by:)``.
  public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Element = Upstream.Output
    public typealias Failure = Upstream.Failure

    public let upstream: Upstream
    public let predicate: @Sendable (Output, Output) -> Bool

    @inlinable
    public init(upstream: Upstream, predicate: @escaping @Sendable (Output, Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(upstream: upstream.makeAsyncIterator(), predicate: predicate)
    }

    /// The iterator of a ``RemoveDuplicates``.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline var upstream: Upstream.AsyncIterator
      @usableFromInline let predicate: @Sendable (Output, Output) -> Bool
      @usableFromInline var last: Output?

      @inlinable
      init(upstream: Upstream.AsyncIterator, predicate: @escaping @Sendable (Output, Output) -> Bool) {
        self.upstream = upstream
        self.predicate = predicate
      }

      @inlinable
      public mutating func next() async throws(Failure) -> Output? {
        try await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        while let value = try await upstream.next(isolation: actor) {
          if let last, predicate(last, value) { continue }
          last = value
          return value
        }
        return nil
      }
    }
  }
}
