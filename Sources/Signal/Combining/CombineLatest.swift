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
  /// Both upstreams are subscribed when you subscribe and run concurrently, each in its own
  /// task; every value is delivered (none is skipped), in the order the values arrived, and an
  /// upstream that runs ahead of the consumer by 64 values waits (back-pressure). It finishes
  /// when both upstreams have finished, or as soon as one finishes without ever producing a
  /// value (no pair can ever come); it fails as soon as either fails, cancelling the other.
  /// See <doc:CombineLatest>.
  @inlinable
  public func combineLatest<Other: Publisher>(_ other: Other) -> Publishers.CombineLatest<Self, Other>
  where Other.Output: Sendable, Other.Failure == Failure {
    Publishers.CombineLatest(self, other)
  }

  /// Combines the latest values of three publishers into triples. See ``combineLatest(_:)``.
  ///
  /// ```swift
  /// for await (user, settings, status) in user.combineLatest(settings, status) { render(user, settings, status) }
  /// ```
  @inlinable
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
  public typealias CombineLatest<A: Publisher, B: Publisher> = Combining2<A, B, CombineLatestRule>
  where A.Output: Sendable, B.Output: Sendable, A.Failure == B.Failure

  /// Combines the latest values of three publishers. See ``Publisher/combineLatest(_:_:)``.
  public typealias CombineLatest3<A: Publisher, B: Publisher, C: Publisher> = Combining3<A, B, C, CombineLatestRule>
  where A.Output: Sendable, B.Output: Sendable, C.Output: Sendable, A.Failure == B.Failure, A.Failure == C.Failure

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
  public typealias CombineLatestMany<Upstream: Publisher> = CombiningMany<Upstream, CombineLatestRule>
  where Upstream.Output: Sendable
}
