/// The state of a ``Future``'s one-time work. Mutating methods return what the caller
/// must do after releasing the lock.
struct FutureStateMachine<Output: Sendable, Failure: Error> {
  /// A waiting subscriber; resumed with the outcome, or with `nil` if it was cancelled.
  typealias Waiter = UnsafeContinuation<Result<Output, Failure>?, Never>

  enum State {
    case idle
    case running(waiters: [Int: Waiter])
    case finished(Result<Output, Failure>)
  }

  private var state = State.idle
  private var nextWaiterID = 0

  enum SubscribeAction {
    /// The outcome is known: no need to wait.
    case deliver(Result<Output, Failure>)
    /// Park under this id (see ``park(id:waiter:isCancelled:)``).
    case wait(id: Int)
  }

  mutating func subscribe() -> SubscribeAction {
    switch state {
    case .finished(let result):
      return .deliver(result)
    case .idle, .running:
      defer { nextWaiterID += 1 }
      return .wait(id: nextWaiterID)
    }
  }

  enum ParkAction {
    /// The waiter is parked; if `startWork`, the caller must start the work.
    case parked(startWork: Bool)
    /// The waiter was not parked: resume it at once with this outcome (`nil`: cancelled).
    case resume(Waiter, Result<Output, Failure>?)
  }

  /// Parks a waiter. `isCancelled` is read under the lock: a cancellation handler that
  /// ran before this call found no waiter to remove, and its task is already marked
  /// cancelled, so the waiter is never left parked.
  mutating func park(id: Int, waiter: Waiter, isCancelled: Bool) -> ParkAction {
    switch state {
    case .finished(let result):
      return .resume(waiter, result)
    case .idle:
      if isCancelled { return .resume(waiter, nil) }
      state = .running(waiters: [id: waiter])
      return .parked(startWork: true)
    case .running(var waiters):
      if isCancelled { return .resume(waiter, nil) }
      state = .idle  // drop the state's reference so the dictionary is mutated in place
      waiters[id] = waiter
      state = .running(waiters: waiters)
      return .parked(startWork: false)
    }
  }

  /// Removes a cancelled waiter; returns it if it was still parked.
  mutating func cancel(id: Int) -> Waiter? {
    guard case .running(var waiters) = state else { return nil }
    state = .idle
    let waiter = waiters.removeValue(forKey: id)
    state = .running(waiters: waiters)
    return waiter
  }

  /// Records the outcome; returns the waiters to resume with it.
  mutating func finish(_ result: Result<Output, Failure>) -> [Waiter] {
    guard case .running(let waiters) = state else { return [] }
    state = .finished(result)
    return Array(waiters.values)
  }
}
