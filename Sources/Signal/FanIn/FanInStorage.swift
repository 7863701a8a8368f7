import Synchronization

/// The shared state of one fan-in subscription: the consumer's iterator and the worker child
/// tasks meet here.
///
/// The workers run in a task group inside one unstructured task, started by the first
/// `next()`. A worker hands in the outcome of its item and claims the next index in one lock
/// acquisition; the consumer takes every outcome ready for delivery in one lock acquisition
/// and drains them without locking.
@usableFromInline
final class FanInStorage<Output: Sendable, Failure: Error>: BatchSource {
  @usableFromInline typealias StateMachine = FanInStateMachine<Output, Failure>
  @usableFromInline typealias Element = StateMachine.Outcome

  let state: Mutex<StateMachine>
  /// Runs `workerCount` workers; returns when all have stopped.
  let runWorkers: @Sendable (FanInStorage) async -> Void
  let census: CensusScope?

  @usableFromInline
  init(
    itemCount: Int,
    window: Int,
    workerCount: Int,
    ordering: FanInOrdering,
    runWorkers: @escaping @Sendable (FanInStorage) async -> Void
  ) {
    state = Mutex(StateMachine(itemCount: itemCount, window: window, workerCount: workerCount, ordering: ordering))
    self.runWorkers = runWorkers
    census = Census.objectCreated()
  }

  deinit {
    census.objectDestroyed()
  }

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
      if let consumer = step.consumerToResume { resume(consumer) }
      switch step.claim {
      case .perform(let index): return index
      case .stop: return nil
      case .wait: await waitForRoom()
      }
    }
  }

  func waitForRoom() async {
    await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
      let parked = state.withLock { state in
        let parked = state.parkWorker(continuation)
        if parked { census.continuationParked() }
        return parked
      }
      if !parked { continuation.resume() }
    }
  }

  func resume(_ continuation: UnsafeContinuation<Void, Never>) {
    census.continuationResumed()
    continuation.resume()
  }

  func resume(_ continuations: [UnsafeContinuation<Void, Never>]) {
    guard !continuations.isEmpty else { return }
    census.continuationResumed(continuations.count)
    for continuation in continuations { continuation.resume() }
  }

  // MARK: Consumer

  @usableFromInline
  func reportConsumed(_ count: Int) {
    resume(state.withLock { $0.consumed(count) })
  }

  @usableFromInline
  func refill(_ batch: inout ConsumerBatch<Element>, isolation actor: isolated (any Actor)?) async -> Bool {
    var consumed = batch.takeUnreported()
    while true {
      if Task.isCancelled {
        cancel()
        return false
      }
      let action = state.withLock { $0.refill(&batch.elements, consumed: consumed) }
      consumed = 0
      switch action {
      case .startWorkers:
        startWorkers()
      case .deliver(let woken):
        resume(woken)
        return true
      case .suspend(let woken):
        resume(woken)
        await waitForOutcomes(isolation: actor)
      case .finish(let woken):
        resume(woken)
        return false
      }
    }
  }

  func waitForOutcomes(isolation actor: isolated (any Actor)?) async {
    await withTaskCancellationHandler {
      await withUnsafeContinuation(isolation: actor) { (continuation: UnsafeContinuation<Void, Never>) in
        let parked = state.withLock { state in
          let parked = state.parkConsumer(continuation)
          if parked { census.continuationParked() }
          return parked
        }
        if !parked { continuation.resume() }
      }
    } onCancel: {
      cancel()
    }
  }

  func startWorkers() {
    let task = Task { await runWorkers(self) }
    if state.withLock({ $0.workersStarted(task) }) { task.cancel() }
  }

  @usableFromInline
  func cancel() {
    guard let termination = state.withLock({ $0.cancel() }) else { return }
    termination.workerTask?.cancel()
    if let consumer = termination.consumer { resume(consumer) }
    resume(termination.workers)
  }
}
