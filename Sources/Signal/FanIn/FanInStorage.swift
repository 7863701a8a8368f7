/// The shared state of one fan-in subscription: the consumer's iterator and the worker child
/// tasks meet here.
///
/// The workers run in a task group inside one unstructured task, started by the first
/// `next()`. A worker hands in the outcome of its item and claims the next index in one lock
/// acquisition; the consumer takes every outcome ready for delivery in one lock acquisition
/// and drains them without locking.
@usableFromInline
final class FanInStorage<Output: Sendable, ItemFailure: Error>: BatchStorage {
  @usableFromInline typealias StateMachine = FanInStateMachine<Output, ItemFailure>
  @usableFromInline typealias Element = StateMachine.Outcome
  @usableFromInline typealias Failure = Never

  @usableFromInline let state: Lock<StateMachine>
  /// Runs `workerCount` workers; returns when all have stopped.
  @usableFromInline let runProducers: @Sendable (FanInStorage) async -> Void
  @usableFromInline let census = Census()

  @usableFromInline
  init(
    itemCount: Int,
    window: Int,
    workerCount: Int,
    ordering: FanInOrdering,
    runWorkers: @escaping @Sendable (FanInStorage) async -> Void
  ) {
    state = Lock(StateMachine(itemCount: itemCount, window: window, workerCount: workerCount, ordering: ordering))
    runProducers = runWorkers
  }

  deinit {
    census.objectDestroyed()
  }

  /// The items are values, not upstreams: nothing is subscribed before the workers start.
  @usableFromInline
  var upstreams: [any ReleasableSubscription] { [] }

  // MARK: Workers

  /// Hands in the outcome of the worker's last item, if any, and returns the index of the
  /// next item to perform, waiting while the consumer is too far behind; `nil` when the worker
  /// should stop.
  @usableFromInline
  func nextItem(completing outcome: Element?) async -> Int? {
    var outcome = outcome
    while true {
      let step = state.withLock { [outcome] in $0.nextStep(completing: outcome) }
      outcome = nil
      wake(step.consumerToResume)
      switch step.claim {
      case .perform(let index): return index
      case .stop: return nil
      case .wait: await waitForRoom { $0.parkWorker($1) }
      }
    }
  }
}
