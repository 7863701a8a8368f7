/// The shared state of a ``Future`` and all its copies: the work, and its outcome once known.
///
/// A lock (``Lock``) rather than an actor: a subscriber of a finished future gets the outcome
/// without suspending or hopping executors, and the waiters are resumed after the lock
/// is released, so no continuation ever runs while the lock is held.
final class FutureStorage<Output: Sendable, Failure: Error>: Sendable {
  private let work: @Sendable () async throws(Failure) -> Output
  private let state = Lock(FutureStateMachine<Output, Failure>())
  private let census: CensusScope?

  init(work: @escaping @Sendable () async throws(Failure) -> Output) {
    self.work = work
    census = Census.objectCreated()
  }

  deinit {
    census.objectDestroyed()
  }

  /// The outcome of the work, starting it if nobody has; `nil` if the calling task was
  /// cancelled before the outcome was known.
  func outcome(isolation actor: isolated (any Actor)?) async -> Result<Output, Failure>? {
    let id: Int
    switch state.withLock({ $0.subscribe() }) {
    case .deliver(let result): return result
    case .wait(let waiterID): id = waiterID
    }
    return await withTaskCancellationHandler {
      await withUnsafeContinuation(isolation: actor) { (waiter: FutureStateMachine<Output, Failure>.Waiter) in
        park(id: id, waiter: waiter)
      }
    } onCancel: {
      if let waiter = state.withLock({ $0.cancel(id: id) }) {
        census.continuationResumed()
        waiter.resume(returning: nil)
      }
    }
  }

  private func park(id: Int, waiter: FutureStateMachine<Output, Failure>.Waiter) {
    let action = state.withLock { $0.park(id: id, waiter: waiter, isCancelled: Task.isCancelled) }
    switch action {
    case .resume(let waiter, let result):
      waiter.resume(returning: result)
    case .parked(let startWork):
      census.continuationParked()
      if startWork { start() }
    }
  }

  private func start() {
    // The task keeps the storage alive until the outcome is recorded, so a future that
    // every subscriber abandoned still finishes and replays to later subscribers.
    Task {
      let result: Result<Output, Failure>
      do throws(Failure) {
        result = .success(try await work())
      } catch {
        result = .failure(error)
      }
      finish(result)
    }
  }

  private func finish(_ result: Result<Output, Failure>) {
    let waiters = state.withLock { $0.finish(result) }
    census.continuationResumed(waiters.count)
    for waiter in waiters {
      waiter.resume(returning: result)
    }
  }
}
