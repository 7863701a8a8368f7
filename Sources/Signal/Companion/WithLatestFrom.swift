extension Publisher where Output: Sendable {
  /// Pairs each value with the latest value of `other`.
  ///
  /// ```swift
  /// let taps = PassthroughSubject<Void, Never>()
  /// let query = CurrentValueSubject<String, Never>("swift")
  /// for await ((), text) in taps.withLatestFrom(query) { search(text) }
  /// ```
  ///
  /// Only this publisher's values produce output; `other` only updates the value they are
  /// paired with. The rules (see <doc:WithLatestFrom>):
  /// - a value that arrives **before `other`'s first value is dropped**, not held;
  /// - this publisher finishing or failing ends the stream (and cancels `other`);
  /// - `other` finishing does **not** end it: its last value keeps being used (if it never
  ///   produced one, every value is dropped until this publisher ends);
  /// - `other` failing fails the stream, after the pairs already made.
  ///
  /// Both are subscribed when you subscribe and run concurrently, each in its own task;
  /// `other` is read as fast as it produces (only its latest value is kept), and this
  /// publisher waits when 64 pairs are ahead of the consumer. Unlike CombineExt's and
  /// RxSwift's `withLatestFrom(_:)`, which publish only `other`'s value, this publishes the
  /// pair; `withLatestFrom(other) { $1 }` is theirs.
  @inlinable
  public func withLatestFrom<Other: Publisher>(
    _ other: Other
  ) -> Publishers.WithLatestFrom<Self, Other, (Output, Other.Output)>
  where Other.Output: Sendable, Other.Failure == Failure {
    Publishers.WithLatestFrom(upstream: self, other: other) { ($0, $1) }
  }

  /// Combines each value with the latest value of `other` through `resultSelector`. See
  /// ``withLatestFrom(_:)`` for the rules.
  ///
  /// ```swift
  /// let searches = submits.withLatestFrom(field) { _, text in text }
  /// ```
  @inlinable
  public func withLatestFrom<Other: Publisher, Result>(
    _ other: Other,
    resultSelector: @escaping @Sendable (Output, Other.Output) -> Result
  ) -> Publishers.WithLatestFrom<Self, Other, Result>
  where Other.Output: Sendable, Other.Failure == Failure {
    Publishers.WithLatestFrom(upstream: self, other: other, resultSelector: resultSelector)
  }

  /// Pairs each value with the latest values of two publishers, once both have produced one.
  ///
  /// ```swift
  /// for await ((), user, filter) in refreshes.withLatestFrom(session, filters) { load(user, filter) }
  /// ```
  ///
  /// The two are read through ``combineLatest(_:)``: a value is dropped until both have
  /// produced one; either failing fails the stream; both finishing (or one finishing without
  /// a value) ends nothing, as ``withLatestFrom(_:)`` says for one publisher.
  @inlinable
  public func withLatestFrom<A: Publisher, B: Publisher>(
    _ a: A,
    _ b: B
  ) -> Publishers.WithLatestFrom<Self, Publishers.CombineLatest<A, B>, (Output, A.Output, B.Output)>
  where A.Output: Sendable, B.Output: Sendable, A.Failure == Failure, B.Failure == Failure {
    Publishers.WithLatestFrom(upstream: self, other: a.combineLatest(b)) { ($0, $1.0, $1.1) }
  }

  /// Combines each value with the latest values of two publishers through `resultSelector`.
  /// See ``withLatestFrom(_:_:)``.
  ///
  /// ```swift
  /// let requests = refreshes.withLatestFrom(session, filters) { _, user, filter in Request(user, filter) }
  /// ```
  @inlinable
  public func withLatestFrom<A: Publisher, B: Publisher, Result>(
    _ a: A,
    _ b: B,
    resultSelector: @escaping @Sendable (Output, A.Output, B.Output) -> Result
  ) -> Publishers.WithLatestFrom<Self, Publishers.CombineLatest<A, B>, Result>
  where A.Output: Sendable, B.Output: Sendable, A.Failure == Failure, B.Failure == Failure {
    Publishers.WithLatestFrom(upstream: self, other: a.combineLatest(b)) { resultSelector($0, $1.0, $1.1) }
  }
}

extension Publishers {
  /// A publisher of its upstream's values combined with the latest value of another
  /// publisher. See ``Publisher/withLatestFrom(_:)``.
  public struct WithLatestFrom<Upstream: Publisher, Other: Publisher, Output>: Publisher
  where Upstream.Output: Sendable, Other.Output: Sendable, Other.Failure == Upstream.Failure {
    public typealias Element = Output
    public typealias Failure = Upstream.Failure

    public let upstream: Upstream
    public let other: Other
    /// Makes an output from an upstream value and `other`'s latest value.
    public let resultSelector: @Sendable (Upstream.Output, Other.Output) -> Output

    @inlinable
    public init(
      upstream: Upstream,
      other: Other,
      resultSelector: @escaping @Sendable (Upstream.Output, Other.Output) -> Output
    ) {
      self.upstream = upstream
      self.other = other
      self.resultSelector = resultSelector
    }

    @inlinable
    public func makeAsyncIterator() -> Iterator {
      Iterator(upstream: upstream, other: other, resultSelector: resultSelector)
    }

    /// The iterator of a ``WithLatestFrom``: one subscription to both publishers.
    public struct Iterator: AsyncIteratorProtocol {
      @usableFromInline typealias Logic = WithLatestFromLogic<Upstream.Output, Other.Output, Failure>

      @usableFromInline var consumer: CompanionConsumer<Logic>
      @usableFromInline let resultSelector: @Sendable (Upstream.Output, Other.Output) -> Output

      @inlinable
      init(
        upstream: Upstream, other: Other, resultSelector: @escaping @Sendable (Upstream.Output, Other.Output) -> Output
      ) {
        consumer = CompanionConsumer(Logic(), upstream: upstream, companion: other, reading: { $0 })
        self.resultSelector = resultSelector
      }

      @inlinable
      public mutating func next() async throws(Failure) -> Output? {
        try await next(isolation: nil)
      }

      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
        guard let (value, latest) = try await consumer.next(isolation: actor) else { return nil }
        return resultSelector(value, latest)
      }
    }
  }
}
