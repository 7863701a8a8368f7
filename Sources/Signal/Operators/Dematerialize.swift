extension Publisher {
  /// Turns a publisher of ``Event``s back into the stream they describe: values pass, and
  /// the first `.finished` or `.failure` ends the stream that way.
  ///
  /// ```swift
  /// let replayed = recordedEvents.publisher.dematerialize()  // some Publisher<Int, MyError>
  /// ```
  ///
  /// The upstream is released at that end, without pulling another event. An upstream that
  /// finishes without an ending event finishes the stream.
  @inlinable
  public func dematerialize<Value, EventFailure: Error>() -> Publishers.Dematerialize<Self, Value, EventFailure>
  where Output == Event<Value, EventFailure>, Failure == Never {
    Publishers.Dematerialize(upstream: self)
  }
}

extension Publishers {
  /// A publisher of the stream that a publisher of ``Event``s describes. See
  /// ``Publisher/dematerialize()``.
  public struct Dematerialize<Upstream: Publisher, Output, Failure: Error>: Publisher
  where Upstream.Output == Event<Output, Failure>, Upstream.Failure == Never {
    public typealias Element = Output

    public let upstream: Upstream

    @inlinable
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(upstream: upstream.makeAsyncIterator())
    }

    /// The iterator of a ``Dematerialize``.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline var upstream: UpstreamIterator<Upstream.AsyncIterator>

      @inlinable
      init(upstream: Upstream.AsyncIterator) {
        self.upstream = UpstreamIterator(upstream)
      }

      @inlinable
      public mutating func next() async throws(Failure) -> Output? {
        try await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        switch await upstream.next(isolation: actor) {
        case .value(let value)?:
          return value
        case .failure(let error)?:
          upstream.release()
          throw error
        case .finished?, nil:
          upstream.release()
          return nil
        }
      }
    }
  }
}
