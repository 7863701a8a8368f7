extension Publishers {
  /// A publisher that interleaves the values of three upstreams. See ``Publisher/merge(with:_:)``.
  public struct Merge3<A: Publisher, B: Publisher, C: Publisher>: Publisher
  where
    A.Output: Sendable, A.Output == B.Output, A.Failure == B.Failure,
    A.Output == C.Output, A.Failure == C.Failure
  {
    public typealias Output = A.Output
    public typealias Element = A.Output
    public typealias Failure = A.Failure
    public typealias Iterator = MergeIterator<Output, Failure>

    public let a: A
    public let b: B
    public let c: C

    @inlinable
    public init(_ a: A, _ b: B, _ c: C) {
      self.a = a
      self.b = b
      self.c = c
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(producers: [
        Iterator.Storage.producer(subscribingTo: a), Iterator.Storage.producer(subscribingTo: b),
        Iterator.Storage.producer(subscribingTo: c),
      ])
    }
  }
}
