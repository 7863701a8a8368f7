extension AsyncSequence where Self: Sendable {
  /// A publisher that emits this sequence's elements and ends as the sequence ends,
  /// with the sequence's own typed failure.
  ///
  /// ```swift
  /// let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
  /// let labels = stream.publisher.map { "#\($0)" }
  /// ```
  ///
  /// Each subscription is a new iteration of the sequence, so the publisher is as cold
  /// (or as hot) as the sequence itself: an `AsyncStream` can be iterated only once.
  @inlinable
  public var publisher: Publishers.AsyncSequencePublisher<Self> {
    Publishers.AsyncSequencePublisher(self)
  }
}

extension Publishers {
  /// A publisher of an `AsyncSequence`'s elements. See ``_Concurrency/AsyncSequence/publisher``.
  public struct AsyncSequencePublisher<Base: AsyncSequence & Sendable>: Publisher {
    public typealias Output = Base.Element
    public typealias Element = Base.Element
    public typealias Failure = Base.Failure

    /// The sequence whose elements are published.
    public let base: Base

    @inlinable
    public init(_ base: Base) {
      self.base = base
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(base.makeAsyncIterator())
    }

    /// The iterator of an ``AsyncSequencePublisher``.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline var base: Base.AsyncIterator

      @inlinable
      init(_ base: Base.AsyncIterator) {
        self.base = base
      }

      @inlinable
      public mutating func next() async throws(Failure) -> Output? {
        try await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        try await base.next(isolation: actor)
      }
    }
  }
}
