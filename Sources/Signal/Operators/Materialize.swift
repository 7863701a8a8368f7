extension Publisher {
  /// Publishes every value, and then how the upstream ended, as ``Event``s: a stream that
  /// cannot fail.
  ///
  /// ```swift
  /// let events = await [1, 2].publisher.materialize().allValues()  // [.value(1), .value(2), .finished]
  /// ```
  ///
  /// The last event is `.finished` or `.failure`, then the stream finishes. If the iterating
  /// task is cancelled, the stream ends without a last event: the upstream did not end on its
  /// own.
  @inlinable
  public func materialize() -> Publishers.Materialize<Self> {
    Publishers.Materialize(upstream: self)
  }
}

extension Publishers {
  /// A publisher of its upstream's values and ending as ``Event``s. See
  /// ``Publisher/materialize()``.
  public struct Materialize<Upstream: Publisher>: Publisher {
    public typealias Output = Event<Upstream.Output, Upstream.Failure>
    public typealias Element = Output
    public typealias Failure = Never

    public let upstream: Upstream

    @inlinable
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(upstream: upstream.makeAsyncIterator())
    }

    /// The iterator of a ``Materialize``.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline var upstream: Upstream.AsyncIterator
      @usableFromInline var hasEnded = false

      @inlinable
      init(upstream: Upstream.AsyncIterator) {
        self.upstream = upstream
      }

      @inlinable
      public mutating func next() async -> Output? {
        await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async -> Output? {
        guard !hasEnded else { return nil }
        do throws(Upstream.Failure) {
          if let value = try await upstream.next(isolation: actor) { return .value(value) }
          hasEnded = true
          return Task.isCancelled ? nil : .finished
        } catch {
          hasEnded = true
          return .failure(error)
        }
      }
    }
  }
}
