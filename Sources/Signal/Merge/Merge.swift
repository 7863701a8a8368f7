extension Publisher where Output: Sendable {
  /// Interleaves this publisher's values with another's, as each arrives.
  ///
  /// Each upstream's values keep their order. The merge finishes when both upstreams have
  /// finished, and fails as soon as either fails (values that arrived before the failure are
  /// delivered first; the other upstream is cancelled). Upstreams run concurrently in their
  /// own child tasks and suspend when the consumer falls behind by a bounded number of values.
  ///
  /// ```swift
  /// for await event in taps.merge(with: swipes) { handle(event) }
  /// ```
  @inlinable
  public func merge<Other: Publisher>(with other: Other) -> Publishers.Merge<Self, Other>
  where Other.Output == Output, Other.Failure == Failure {
    Publishers.Merge(self, other)
  }

  /// Interleaves this publisher's values with two others', as each arrives.
  ///
  /// See ``merge(with:)`` for the rules.
  ///
  /// ```swift
  /// for try await post in fresh.merge(with: cached, pushed) { show(post) }
  /// ```
  @inlinable
  public func merge<B: Publisher, C: Publisher>(with b: B, _ c: C) -> Publishers.Merge3<Self, B, C>
  where B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure {
    Publishers.Merge3(self, b, c)
  }
}

extension Publishers {
  /// A publisher that interleaves the values of two upstreams. See ``Publisher/merge(with:)``.
  public struct Merge<A: Publisher, B: Publisher>: Publisher
  where A.Output: Sendable, A.Output == B.Output, A.Failure == B.Failure {
    public typealias Output = A.Output
    public typealias Element = A.Output
    public typealias Failure = A.Failure
    public typealias Iterator = MergeIterator<Output, Failure>

    public let a: A
    public let b: B

    @inlinable
    public init(_ a: A, _ b: B) {
      self.a = a
      self.b = b
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(producers: [Iterator.Storage.producer(subscribingTo: a), Iterator.Storage.producer(subscribingTo: b)])
    }
  }
}
