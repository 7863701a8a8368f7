/// A cold publisher of one async call, performed in each subscriber's own task: cancelling the
/// subscriber cancels the call. Combine's `Deferred { Future { … } }`, made cancellable.
///
/// Use it instead of ``Future`` inside ``Publisher/flatMapLatest(_:)-70xmi``: a `Future` runs its work to
/// the end (in Combine too), so a superseded search still finishes; a `DeferredFuture` is cancelled
/// when the next query arrives.
///
/// ```swift
/// let results = queries.flatMapLatest { query in
///   DeferredFuture { () async throws(SearchError) in try await api.search(query) }
/// }
/// ```
///
/// The same type as `PerformableClosure { … }.publisher` (a ``Publishers/Perform`` of a
/// ``PerformableClosure``), which keeps working.
public typealias DeferredFuture<Output: Sendable, Failure: Error> = Publishers.Perform<
  PerformableClosure<Output, Failure>
>

extension Publishers.Perform {
  /// A ``DeferredFuture``: performs `body` once per subscription, in the subscriber's task.
  ///
  /// ```swift
  /// let profile = DeferredFuture { () async throws(FetchError) in try await api.profile() }
  /// ```
  @inlinable
  public init<Output, Failure>(_ body: @escaping @Sendable () async throws(Failure) -> Output)
  where Work == PerformableClosure<Output, Failure> {
    self.init(PerformableClosure(body))
  }
}
