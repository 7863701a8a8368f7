/// The state of a ``Future``'s one-time work: idle, running with its waiting subscribers, or
/// finished with the outcome. Mutating methods return what the caller must do after
/// releasing the lock.
struct FutureStateMachine<Output: Sendable, Failure: Error>: SubscriptionStateMachine {
  /// A waiting subscriber's id.
  typealias Subscriber = Int

  enum State {
    case idle
    case running(waiters: [Int: Waiter])
    case finished(Result<Output, Failure>)
  }

  private var state = State.idle
  private var nextWaiterID = 0

  /// The outcome, once the work has finished.
  var outcome: Result<Output, Failure>? {
    if case .finished(let result) = state { return result }
    return nil
  }

  enum SubscribeAction {
    /// The outcome is known: no need to wait.
    case deliver(Result<Output, Failure>)
    /// The subscriber's task is cancelled and the work has not finished: it gets nothing.
    case cancelled
    /// Wait under this id (``park(id:_:)``), after starting the work if told to.
    case wait(id: Int, startWork: Bool)
  }

  /// A subscriber asks for the outcome. A subscriber that is already cancelled does not
  /// start the work.
  mutating func subscribe(isCancelled: Bool) -> SubscribeAction {
    switch state {
    case .finished(let result):
      return .deliver(result)
    case .idle, .running:
      guard !isCancelled else { return .cancelled }
      nextWaiterID += 1
      guard case .idle = state else { return .wait(id: nextWaiterID, startWork: false) }
      state = .running(waiters: [:])
      return .wait(id: nextWaiterID, startWork: true)
    }
  }

  /// Parks a waiter; `false` (resume at once) when the outcome is already known.
  mutating func park(id: Int, _ waiter: Waiter) -> Bool {
    guard case .running(var waiters) = state else { return false }
    state = .idle  // drop the state's reference so the dictionary is mutated in place
    waiters[id] = waiter
    state = .running(waiters: waiters)
    return true
  }

  /// A waiting subscriber's task was cancelled: it stops waiting (the work goes on).
  mutating func cancel(_ id: Int) -> Effects {
    guard case .running(var waiters) = state else { return Effects() }
    state = .idle
    let waiter = waiters.removeValue(forKey: id)
    state = .running(waiters: waiters)
    return Effects(waking: waiter)
  }

  /// Records the outcome; wakes every waiter.
  /// The work's task, started through the contract's `spawn`: always kept, and never cancelled by
  /// a subscriber leaving (the work runs on to its outcome, which later subscribers get).
  mutating func adoptWork(_ task: Task<Void, Never>) -> Bool {
    true
  }

  mutating func finish(_ result: Result<Output, Failure>) -> Effects {
    guard case .running(let waiters) = state else { return Effects() }
    state = .finished(result)
    var effects = Effects()
    effects.wake(Array(waiters.values))
    return effects
  }
}
