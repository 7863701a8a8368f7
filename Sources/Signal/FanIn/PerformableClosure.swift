/// A ``Performable`` made from a closure: one unit of work without a type of its own.
///
/// What the closure form of the fan-in (``Swift/Sequence/publisher(retries:clock:when:maxConcurrent:ordering:perform:)``)
/// runs for each item, and a way to make a one-off cold publisher of an async call, performed once
/// per subscription in the subscriber's own task (so cancelling the subscriber cancels the work, and
/// the stream ends only once the work has returned):
///
/// ```swift
/// let profile = PerformableClosure { () async throws(FetchError) in try await api.profile() }.publisher
/// // the same publisher, by the name a Combine user looks for:
/// let sameProfile = DeferredFuture { () async throws(FetchError) in try await api.profile() }
/// for try await value in profile { show(value) }
/// ```
public struct PerformableClosure<Output: Sendable, Failure: Error>: Performable {
  @usableFromInline let body: @Sendable () async throws(Failure) -> Output

  /// Wraps `body`, which runs on every ``perform()``.
  @inlinable
  public init(_ body: @escaping @Sendable () async throws(Failure) -> Output) {
    self.body = body
  }

  /// Runs the closure.
  @inlinable
  public func perform() async throws(Failure) -> Output {
    try await body()
  }
}
