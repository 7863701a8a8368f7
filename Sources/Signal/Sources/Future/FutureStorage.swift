/// The shared state of a ``Future`` and all its copies: the work, and its outcome once known.
///
/// A lock (``Lock``) rather than an actor: a subscriber of a finished future gets the outcome
/// without suspending or hopping executors, and the waiters are resumed after the lock
/// is released, so no continuation ever runs while the lock is held.
final class FutureStorage<Output: Sendable, Failure: Error>: SubscriptionStorage {
  private let work: @Sendable () async throws(Failure) -> Output
  let state = Lock(FutureStateMachine<Output, Failure>())
  let census = Census()

  init(work: @escaping @Sendable () async throws(Failure) -> Output) {
    self.work = work
  }

  deinit {
    census.objectDestroyed()
  }

  /// The work is not an upstream subscription: it runs on for later subscribers.
  var upstreams: [any ReleasableSubscription] { [] }

  /// The outcome of the work, starting it if nobody has; `nil` if the calling task was
  /// cancelled before the outcome was known.
  func outcome(isolation actor: isolated (any Actor)?) async -> Result<Output, Failure>? {
    let id: Int
    switch state.withLock({ $0.subscribe(isCancelled: Task.isCancelled) }) {
    case .deliver(let result):
      return result
    case .cancelled:
      return nil
    case .wait(let waiterID, let startWork):
      id = waiterID
      if startWork { start() }
    }
    await parkCancellingSubscription(id, isolation: actor) { $0.park(id: id, $1) }
    return state.withLock { $0.outcome }
  }

  private func start() {
    // The task keeps the storage alive until the outcome is recorded, so a future that
    // every subscriber abandoned still finishes and replays to later subscribers.
    spawn({ storage in
      let result: Result<Output, Failure>
      do throws(Failure) {
        result = .success(try await storage.work())
      } catch {
        result = .failure(error)
      }
      storage.perform(storage.state.withLock { $0.finish(result) })
    }) { $0.adoptWork($1) }
  }
}
