extension Publisher where Output: Sendable {
  /// Replaces a failure with one last value, then finishes; the result cannot fail.
  ///
  /// ```swift
  /// for await count in unreadCount.replaceError(with: 0) { badge = count }
  /// ```
  ///
  /// Values already published stay published; `output` follows them in place of the error.
  @inlinable
  public func replaceError(with output: Output) -> Publishers.ReplaceError<Self> {
    Publishers.ReplaceError(upstream: self, output: output)
  }
}

extension Publishers {
  /// A publisher that turns its upstream's failure into a final value. See ``Publisher/replaceError(with:)``.
  public struct ReplaceError<Upstream: Publisher>: Publisher where Upstream.Output: Sendable {
    public typealias Output = Upstream.Output
    public typealias Element = Upstream.Output
    public typealias Failure = Never

    public let upstream: Upstream
    /// The value published in place of a failure.
    public let output: Output

    @inlinable
    public init(upstream: Upstream, output: Output) {
      self.upstream = upstream
      self.output = output
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(upstream: upstream.makeAsyncIterator(), output: output)
    }

    /// The iterator of a ``ReplaceError``.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline var upstream: Upstream.AsyncIterator
      @usableFromInline let output: Output
      @usableFromInline var isFinished = false

      @inlinable
      init(upstream: Upstream.AsyncIterator, output: Output) {
        self.upstream = upstream
        self.output = output
      }

      @inlinable
      public mutating func next() async -> Output? {
        await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async -> Output? {
        guard !isFinished else { return nil }
        do throws(Upstream.Failure) {
          return try await upstream.next(isolation: actor)
        } catch {
          isFinished = true
          return output
        }
      }
    }
  }
}
