extension Publisher {
  /// Publishes `output` if the upstream finishes without producing a value.
  ///
  /// ```swift
  /// for await posts in search(query).replaceEmpty(with: []) { show(posts) }
  /// ```
  ///
  /// Values pass unchanged; a failure passes unchanged too (an upstream that fails before a
  /// value is not empty, it failed), as in Combine.
  @inlinable
  public func replaceEmpty(with output: Output) -> Publishers.ReplaceEmpty<Self> where Output: Sendable {
    Publishers.ReplaceEmpty(upstream: self, output: output)
  }
}

extension Publishers {
  /// A publisher that stands in a value for an empty upstream. See
  /// ``Publisher/replaceEmpty(with:)``.
  public struct ReplaceEmpty<Upstream: Publisher>: Publisher where Upstream.Output: Sendable {
    public typealias Output = Upstream.Output
    public typealias Element = Upstream.Output
    public typealias Failure = Upstream.Failure

    public let upstream: Upstream
    /// The value published when the upstream finishes empty.
    public let output: Output

    @inlinable
    public init(upstream: Upstream, output: Output) {
      self.upstream = upstream
      self.output = output
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(upstream: upstream.makeAsyncIterator(), replacement: output)
    }

    /// The iterator of a ``ReplaceEmpty``.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline var upstream: Upstream.AsyncIterator
      /// The stand-in value, until the upstream produces one (or it has been published).
      @usableFromInline var replacement: Output?

      @inlinable
      init(upstream: Upstream.AsyncIterator, replacement: Output) {
        self.upstream = upstream
        self.replacement = replacement
      }

      @inlinable
      public mutating func next() async throws(Failure) -> Output? {
        try await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        do throws(Failure) {
          if let value = try await upstream.next(isolation: actor) {
            replacement = nil
            return value
          }
        } catch {
          replacement = nil
          throw error
        }
        // A cancelled upstream ends early: it was not empty, it was stopped.
        defer { replacement = nil }
        return Task.isCancelled ? nil : replacement
      }
    }
  }
}
