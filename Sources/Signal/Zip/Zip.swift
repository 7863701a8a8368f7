extension Publisher where Output: Sendable {
  /// Pairs the values of two publishers in order: the first value of each, then the
  /// second of each, and so on.
  ///
  /// ```swift
  /// let pairs = await [1, 2, 3].publisher.zip(["a", "b"].publisher).allValues()
  /// // [(1, "a"), (2, "b")]
  /// ```
  ///
  /// Both upstreams run concurrently, each in its own task; a faster one buffers at most 64
  /// values and then waits (back-pressure). The zip finishes as soon as an upstream has
  /// finished and has nothing buffered (no more pairs can be formed), cancelling the
  /// other; it fails as soon as either fails. See Docs/Signal/Zip.md.
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
  public struct Zip<A: Publisher, B: Publisher>: Publisher
  where A.Output: Sendable, B.Output: Sendable, A.Failure == B.Failure {
    public typealias Output = (A.Output, B.Output)
    public typealias Element = Output
    public typealias Failure = A.Failure

    public let a: A
    public let b: B

    public init(_ a: A, _ b: B) {
      self.a = a
      self.b = b
    }

    public func makeAsyncIterator() -> Iterator {
      Iterator(a, b)
    }

    /// The iterator of a ``Publishers/Zip``: one subscription to both upstreams.
    public struct Iterator: AsyncIteratorProtocol {
      private var consumer: UpstreamsConsumer<Zip2Combiner<A.Output, B.Output>, Failure>

      init(_ a: A, _ b: B) {
        consumer = UpstreamsConsumer(Zip2Combiner(), a, b)
      }

      public mutating func next() async throws(Failure) -> Output? {
        try await next(isolation: nil)
      }

      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        try await consumer.next(isolation: actor)
      }
    }
  }

  /// Combines the values of three publishers in order. See ``Publisher/zip(_:_:)``.
  public struct Zip3<A: Publisher, B: Publisher, C: Publisher>: Publisher
  where
    A.Output: Sendable, B.Output: Sendable, C.Output: Sendable, A.Failure == B.Failure,
    A.Failure == C.Failure
  {
    public typealias Output = (A.Output, B.Output, C.Output)
    public typealias Element = Output
    public typealias Failure = A.Failure

    public let a: A
    public let b: B
    public let c: C

    public init(_ a: A, _ b: B, _ c: C) {
      self.a = a
      self.b = b
      self.c = c
    }

    public func makeAsyncIterator() -> Iterator {
      Iterator(a, b, c)
    }

    /// The iterator of a ``Publishers/Zip3``: one subscription to the three upstreams.
    public struct Iterator: AsyncIteratorProtocol {
      private var consumer: UpstreamsConsumer<Zip3Combiner<A.Output, B.Output, C.Output>, Failure>

      init(_ a: A, _ b: B, _ c: C) {
        consumer = UpstreamsConsumer(Zip3Combiner(), a, b, c)
      }

      public mutating func next() async throws(Failure) -> Output? {
        try await next(isolation: nil)
      }

      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        try await consumer.next(isolation: actor)
      }
    }
  }

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
  public struct ZipMany<Upstream: Publisher>: Publisher where Upstream.Output: Sendable {
    public typealias Output = [Upstream.Output]
    public typealias Element = Output
    public typealias Failure = Upstream.Failure

    public let upstreams: [Upstream]

    public init(_ upstreams: [Upstream]) {
      self.upstreams = upstreams
    }

    public func makeAsyncIterator() -> Iterator {
      Iterator(upstreams)
    }

    /// The iterator of a ``Publishers/ZipMany``: one subscription to every upstream.
    public struct Iterator: AsyncIteratorProtocol {
      private var consumer: UpstreamsConsumer<ZipManyCombiner<Upstream.Output>, Failure>

      init(_ upstreams: [Upstream]) {
        consumer = UpstreamsConsumer(ZipManyCombiner(upstreams: upstreams.count), upstreams)
      }

      public mutating func next() async throws(Failure) -> Output? {
        try await next(isolation: nil)
      }

      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        try await consumer.next(isolation: actor)
      }
    }
  }
}
