/// A publisher that does one piece of asynchronous work, once, and replays its outcome
/// to every subscriber.
///
/// ```swift
/// let profile = Future { () async throws(FetchError) in try await client.fetchProfile() }
/// async let first = profile.firstValue()   // starts the fetch
/// async let second = profile.firstValue()  // waits for the same fetch
/// ```
///
/// - The work starts on the first subscription (the first call to `next()`), not when
///   the future is created, and runs in its own unstructured task, so it inherits the
///   first subscriber's priority and task-local values but not its cancellation.
/// - Every subscriber, current or later, receives the same value or the same error,
///   then the end of the stream. Copies of a future share the one outcome.
/// - A subscriber whose task is cancelled while it waits stops waiting at once and its
///   stream ends (`nil`); the work keeps running for the others and its outcome is
///   still kept for later subscribers. A subscriber that is already cancelled when it
///   subscribes does not start the work.
///
/// Unlike Combine's `Future`, which runs when it is created, this future is lazy, so it
/// is safe to build one in a property or a `Deferred` without starting anything.
///
/// Its work belongs to no subscriber, so cancelling subscribers never cancels it (in Combine
/// too): inside ``Publisher/flatMapLatest(_:)-70xmi``, where a switch should stop the stale call,
/// use ``DeferredFuture``, which runs its call in the subscriber's task.
public struct Future<Output: Sendable, Failure: Error>: Publisher {
  public typealias Element = Output

  let storage: FutureStorage<Output, Failure>

  /// Creates a future that runs `work` once, on its first subscription.
  public init(_ work: @escaping @Sendable () async throws(Failure) -> Output) {
    storage = FutureStorage(work: work)
  }

  public func makeAsyncIterator() -> Iterator {
    Iterator(storage: storage)
  }

  /// The iterator of a ``Future``: the outcome, then the end of the stream.
  public struct Iterator: AsyncIteratorProtocol {
    let storage: FutureStorage<Output, Failure>
    var isDone = false

    init(storage: FutureStorage<Output, Failure>) {
      self.storage = storage
    }

    public mutating func next() async throws(Failure) -> Output? {
      try await next(isolation: nil)
    }

    public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
      guard !isDone else { return nil }
      isDone = true
      switch await storage.outcome(isolation: actor) {
      case .none: return nil
      case .success(let value): return value
      case .failure(let error): throw error
      }
    }
  }
}
