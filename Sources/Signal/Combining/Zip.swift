extension Publisher where Output: Sendable {
  /// Pairs the values of two publishers in order: the first value of each, then the
  /// second of each, and so on.
  ///
  /// ```swift
  /// let pairs = await [1, 2, 3].publisher.zip(["a", "b"].publisher).allValues()
  /// // [(1, "a"), (2, "b")]
  /// ```
  ///
  /// Both upstreams are subscribed when you subscribe and run concurrently, each in its own
  /// task; a faster one buffers at most 64 values and then waits (back-pressure). The zip
  /// finishes as soon as an upstream has finished and has nothing buffered (no more pairs can
  /// be formed), cancelling the other; it fails as soon as either fails. See <doc:Zip>.
  @inlinable
  public func zip<Other: Publisher>(_ other: Other) -> Publishers.Zip<Self, Other>
  where Other.Output: Sendable, Other.Failure == Failure {
    Publishers.Zip(self, other)
  }

  /// Combines the values of three publishers in order into triples. See ``zip(_:)``.
  ///
  /// ```swift
  /// let triples = await [1, 2].publisher.zip(["a", "b"].publisher, [true, false].publisher).allValues()
  /// // [(1, "a", true), (2, "b", false)]
  /// ```
  @inlinable
  public func zip<Second: Publisher, Third: Publisher>(
    _ second: Second,
    _ third: Third
  ) -> Publishers.Zip3<Self, Second, Third>
  where Second.Output: Sendable, Third.Output: Sendable, Second.Failure == Failure, Third.Failure == Failure {
    Publishers.Zip3(self, second, third)
  }
}

extension Publishers {
  /// Pairs the values of two publishers in order. See ``Publisher/zip(_:)``.
  public typealias Zip<A: Publisher, B: Publisher> = Combining2<A, B, ZipRule>
  where A.Output: Sendable, B.Output: Sendable, A.Failure == B.Failure

  /// Combines the values of three publishers in order. See ``Publisher/zip(_:_:)``.
  public typealias Zip3<A: Publisher, B: Publisher, C: Publisher> = Combining3<A, B, C, ZipRule>
  where A.Output: Sendable, B.Output: Sendable, C.Output: Sendable, A.Failure == B.Failure, A.Failure == C.Failure

  /// Combines the values of any number of publishers of one type in order into arrays:
  /// the first value of each, then the second of each, and so on.
  ///
  /// ```swift
  /// let rows = await Publishers.ZipMany([[1, 2].publisher, [10, 20].publisher, [100].publisher]).allValues()
  /// // [[1, 10, 100]]
  /// ```
  ///
  /// Each array holds one value per upstream, in the order of `upstreams`. With no
  /// upstreams it finishes at once. Otherwise it behaves like ``Publisher/zip(_:)``.
  public typealias ZipMany<Upstream: Publisher> = CombiningMany<Upstream, ZipRule> where Upstream.Output: Sendable
}
