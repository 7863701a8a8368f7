/// What the consumer does after a refill, decided by a ``BatchStateMachine`` under its lock.
@usableFromInline
enum RefillAction<Failure: Error>: Sendable {
  /// The first demand: start the producer task, then refill again.
  case startProducers
  /// The consumer's batch holds elements; wake these producers.
  case deliver(wakingProducers: [UnsafeContinuation<Void, Never>])
  /// Nothing to deliver yet; wake these producers, then park the consumer.
  case suspend(wakingProducers: [UnsafeContinuation<Void, Never>])
  /// The end of the stream; wake these producers so that they stop.
  case finish(wakingProducers: [UnsafeContinuation<Void, Never>])
  /// Everything before the failure was delivered; the stream fails.
  case fail(Failure)
}

/// Everything parked or running that must be released when a subscription ends.
@usableFromInline
struct BatchTermination: Sendable {
  @usableFromInline var consumer: UnsafeContinuation<Void, Never>?
  @usableFromInline var producers: [UnsafeContinuation<Void, Never>]
  @usableFromInline var producerTasks: [Task<Void, Never>]

  @usableFromInline
  init(
    consumer: UnsafeContinuation<Void, Never>? = nil,
    producers: [UnsafeContinuation<Void, Never>] = [],
    producerTasks: [Task<Void, Never>] = []
  ) {
    self.consumer = consumer
    self.producers = producers
    self.producerTasks = producerTasks
  }
}

/// The consumer-facing half of a many-producer state machine whose consumer drains a
/// ``ConsumerBatch``: what each operator decides its own way (how elements are buffered,
/// when producers get room), behind one set of moves that ``BatchStorage`` makes for all.
@usableFromInline
protocol BatchStateMachine<Element, Failure>: Sendable {
  associatedtype Element
  associatedtype Failure: Error

  /// The consumer used `count` more elements; returns the parked producers that may go on.
  mutating func consumed(_ count: Int) -> [UnsafeContinuation<Void, Never>]
  /// Moves what is ready for delivery into the consumer's empty `batch`.
  mutating func refill(_ batch: inout RingBuffer<Element>, consumed count: Int) -> RefillAction<Failure>
  /// Returns `false` when the consumer need not wait (something to deliver, or the end).
  mutating func parkConsumer(_ continuation: UnsafeContinuation<Void, Never>) -> Bool
  /// Returns `true` when the task must be cancelled at once: the subscription already ended.
  mutating func producersStarted(_ task: Task<Void, Never>) -> Bool
  /// Ends the subscription; `nil` when it had already ended.
  mutating func cancel() -> BatchTermination?
}

/// The shared state of a many-producer subscription whose consumer drains a
/// ``ConsumerBatch``: the state machine behind a ``Lock``, and the producer task that the
/// first demand starts (``runProducers``).
///
/// The extension makes the moves every such storage makes the same way: refilling the
/// consumer's batch or parking it, starting and cancelling the producer task, and resuming
/// continuations only after the lock is released, reporting each park and resume to the
/// ``Census``.
@usableFromInline
protocol BatchStorage: BatchSource, OperatorStorage where StateMachine: BatchStateMachine<Element, Failure> {
  /// Runs every producer; returns when all have stopped.
  var runProducers: @Sendable (Self) async -> Void { get }
}

extension BatchStorage {
  // MARK: Producers

  /// Parks a producer until `park` (run under the lock) says it may go on: `park` returns
  /// `false` when it need not wait.
  @usableFromInline
  func waitForRoom(_ park: (inout StateMachine, UnsafeContinuation<Void, Never>) -> Bool) async {
    await withUnsafeContinuation { self.park($0, park) }
  }

  // MARK: Consumer

  /// Tells the producers that the consumer has used `count` more elements of its batch.
  @usableFromInline
  func reportConsumed(_ count: Int) {
    resume(state.withLock { $0.consumed(count) })
  }

  /// Fills the consumer's empty `batch`, suspending until there is something to deliver.
  /// Returns `false` at the end of the stream.
  @usableFromInline
  func refill(_ batch: inout ConsumerBatch<Element>, isolation actor: isolated (any Actor)?) async throws(Failure)
    -> Bool
  {
    var consumed = batch.takeUnreported()
    while true {
      if Task.isCancelled {
        cancel()
        return false
      }
      let action = state.withLock { $0.refill(&batch.elements, consumed: consumed) }
      consumed = 0
      switch action {
      case .startProducers:
        startProducers()
      case .deliver(let woken):
        resume(woken)
        return true
      case .suspend(let woken):
        resume(woken)
        await waitForElements(isolation: actor)
      case .finish(let woken):
        resume(woken)
        return false
      case .fail(let error):
        throw error
      }
    }
  }

  @usableFromInline
  func waitForElements(isolation actor: isolated (any Actor)?) async {
    await withTaskCancellationHandler {
      await withUnsafeContinuation(isolation: actor) { park($0) { $0.parkConsumer($1) } }
    } onCancel: {
      cancel()
    }
  }

  @usableFromInline
  func startProducers() {
    let task = Task { await runProducers(self) }
    if state.withLock({ $0.producersStarted(task) }) { task.cancel() }
  }

  // MARK: Ending

  @usableFromInline
  func cancel() {
    if let termination = state.withLock({ $0.cancel() }) { execute(termination) }
  }

  @usableFromInline
  func execute(_ termination: BatchTermination) {
    for task in termination.producerTasks { task.cancel() }
    if let consumer = termination.consumer { resume(consumer) }
    resume(termination.producers)
  }
}
