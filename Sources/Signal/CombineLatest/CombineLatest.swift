extension Publisher where Output: Sendable {
  /// Pairs the latest values of two publishers: once both have produced a value, every
  /// value from either one produces a pair with the other's latest value.
  ///
  /// ```swift
  /// let query = PassthroughSubject<String, Never>()
  /// let page = CurrentValueSubject<Int, Never>(1)
  /// for await (text, number) in query.combineLatest(page) { search(text, page: number) }
  /// ```
  ///
  /// Both upstreams run concurrently, each in its own task; every value is delivered
  /// (none is skipped), in the order the values arrived, and an upstream that runs ahead of
  /// the consumer by 64 values waits (back-pressure). It finishes when both upstreams have
  /// finished, or as soon as one finishes without ever producing a value (no pair can ever
  /// come); it fails as soon as either fails, cancelling the other. See
  /// Docs/Signal/CombineLatest.md.
  public func combineLatest<Other: Publisher>(_ other: Other) -> Publishers.CombineLatest<Self, Other>
  where Other.Output: Sendable, Other.Failure == Failure {
    Publishers.CombineLatest(self, other)
  }

  /// Combines the latest values of three publishers into triples. See ``combineLatest(_:)``.
  ///
  /// ```swift
  /// for await (user, settings, status) in user.combineLatest(settings, status) { render(user, settings, status) }
  /// ```
  public func combineLatest<Second: Publisher, Third: Publisher>(
    _ second: Second,
    _ third: Third
  ) -> Publishers.CombineLatest3<Self, Second, Third>
  where Second.Output: Sendable, Third.Output: Sendable, Second.Failure == Failure, Third.Failure == Failure {
    Publishers.CombineLatest3(self, second, third)
  }
}

extension Publishers {
  /// Pairs the latest values of two publishers. See ``Publisher/combineLatest(_:)``.
  public struct CombineLatest<A: Publisher, B: Publisher>: Publisher
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

    /// The iterator of a ``Publishers/CombineLatest``: one subscription to both upstreams.
    public struct Iterator: AsyncIteratorProtocol {
      private var consumer: UpstreamsConsumer<CombineLatest2Combiner<A.Output, B.Output>, Failure>

      init(_ a: A, _ b: B) {
        consumer = UpstreamsConsumer(CombineLatest2Combiner(), a, b)
      }

      public mutating func next() async throws(Failure) -> Output? {
        try await next(isolation: nil)
      }

      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        try await consumer.next(isolation: actor)
      }
    }
  }

  /// Combines the latest values of three publishers. See ``Publisher/combineLatest(_:_:)``.
  public struct CombineLatest3<A: Publisher, B: Publisher, C: Publisher>: Publisher
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

    /// The iterator of a ``Publishers/CombineLatest3``: one subscription to the three upstreams.
    public struct Iterator: AsyncIteratorProtocol {
      private var consumer: UpstreamsConsumer<CombineLatest3Combiner<A.Output, B.Output, C.Output>, Failure>

      init(_ a: A, _ b: B, _ c: C) {
        consumer = UpstreamsConsumer(CombineLatest3Combiner(), a, b, c)
      }

      public mutating func next() async throws(Failure) -> Output? {
        try await next(isolation: nil)
      }

      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        try await consumer.next(isolation: actor)
      }
    }
  }

  /// Combines the latest values of any number of publishers of one type into arrays.
  ///
  /// ```swift
  /// let flags = [wifi, bluetooth, location].map { $0.isOn }  // each a Publisher<Bool, Never>
  /// for await states in Publishers.CombineLatestMany(flags) { print(states.allSatisfy { $0 }) }
  /// ```
  ///
  /// Each array holds the latest value of every upstream, in the order of `upstreams`.
  /// With no upstreams it finishes at once. Otherwise it behaves like
  /// ``Publisher/combineLatest(_:)``.
  public struct CombineLatestMany<Upstream: Publisher>: Publisher where Upstream.Output: Sendable {
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

    /// The iterator of a ``Publishers/CombineLatestMany``: one subscription to every upstream.
    public struct Iterator: AsyncIteratorProtocol {
      private var consumer: UpstreamsConsumer<CombineLatestManyCombiner<Upstream.Output>, Failure>

      init(_ upstreams: [Upstream]) {
        consumer = UpstreamsConsumer(CombineLatestManyCombiner(upstreams: upstreams.count), upstreams)
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
