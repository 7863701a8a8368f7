/// A state machine that embeds a ``ProducerQueue``: the state of a many-producer operator.
protocol ProducerQueueStateMachine: Sendable {
  associatedtype Element: Sendable
  associatedtype Failure: Error
  var buffer: ProducerQueue<Element, Failure> { get set }

  /// Ends the stream with `completion` after the queued values (the first ending wins).
  mutating func complete(_ completion: Completion<Failure>) -> ProducerQueue<Element, Failure>.Ending
  /// Ends the stream at once, discarding the queued values.
  mutating func cancel() -> ProducerQueue<Element, Failure>.Ending
}

extension ProducerQueueStateMachine {
  mutating func complete(_ completion: Completion<Failure>) -> ProducerQueue<Element, Failure>.Ending {
    buffer.complete(completion)
  }

  mutating func cancel() -> ProducerQueue<Element, Failure>.Ending {
    buffer.cancel()
  }
}

/// The storage of a many-producer operator: its state machine behind a ``Lock``, plus the moves
/// every many-producer operator makes the same way (a producer pushing with back-pressure, the
/// consumer draining a batch or parking, the stream ending). Continuations are always
/// resumed after the lock is released, and every park and resume is reported to the
/// ``Census``.
protocol ProducerQueueStorage: OperatorStorage where StateMachine: ProducerQueueStateMachine {
  typealias Element = StateMachine.Element
  typealias Failure = StateMachine.Failure
  typealias Waiter = ProducerQueue<Element, Failure>.Waiter

  /// Starts the producer tasks on the first demand (a publisher is cold until iterated).
  func startIfNeeded()
}

/// What the consumer's wait for a batch produced.
enum DrainResult<Failure: Error> {
  /// The batch holds values (it may be empty after a spurious wake-up: ask again).
  case values
  /// The stream is over; `nil` when it was cancelled.
  case ended(Completion<Failure>?)
}

extension ProducerQueueStorage {
  // MARK: Producers

  /// Queues `element` from `producer`, waiting for room if its share of the buffer is full.
  /// Returns `false` when the stream is over (or `isCurrent` says the producer is stale):
  /// the producer must stop. A producer task that is cancelled while it waits stops too.
  func push(
    _ element: Element,
    from producer: Int,
    isCurrent: (StateMachine) -> Bool = { _ in true }
  ) async -> Bool {
    while true {
      let action = state.withLock { machine -> ProducerQueue<Element, Failure>.PushAction in
        guard isCurrent(machine) else { return .closed }
        return machine.buffer.push(element, from: producer)
      }
      switch action {
      case .queued(let consumer):
        if let consumer { resume(consumer) }
        return true
      case .closed:
        return false
      case .full:
        guard await waitForRoom(producer, isCurrent: isCurrent) else { return false }
      }
    }
  }

  /// Parks a producer until the consumer drains; `false` if its task was cancelled.
  private func waitForRoom(_ producer: Int, isCurrent: (StateMachine) -> Bool) async -> Bool {
    await withTaskCancellationHandler {
      await withUnsafeContinuation { (waiter: Waiter) in
        park(waiter) { machine, waiter in
          // Checked under the lock: a cancellation that came earlier is visible here, and
          // one that comes later ends the stream, which resumes this producer.
          !Task.isCancelled && isCurrent(machine) && machine.buffer.parkProducer(producer, waiter)
        }
      }
      return !Task.isCancelled
    } onCancel: {
      // Producer tasks are cancelled only when the stream ends, and that resumed it already.
    }
  }

  /// Queues a value that needs no room (an upstream's end).
  func pushUncounted(_ element: Element) {
    if let consumer = state.withLock({ $0.buffer.pushUncounted(element) }) { resume(consumer) }
  }

  // MARK: Consumer

  /// Fills `batch` (empty on entry) with everything queued, parking until something is, and
  /// hands `refunds` back as room. A cancelled consumer task cancels the stream.
  func nextBatch(
    _ batch: inout [Element],
    refunds: inout [Int],
    isolation actor: isolated (any Actor)?
  ) async -> DrainResult<Failure> {
    while true {
      if Task.isCancelled {
        end(state.withLock { $0.cancel() })
        return .ended(nil)
      }
      switch state.withLock({ $0.buffer.drain(into: &batch, refunds: &refunds) }) {
      case .drained(let producers):
        resume(producers)
        return .values
      case .ended(let completion):
        return .ended(completion)
      case .empty(let producers):
        resume(producers)
        await park(isolation: actor)
      }
    }
  }

  private func park(isolation actor: isolated (any Actor)?) async {
    await withTaskCancellationHandler {
      await withUnsafeContinuation(isolation: actor) { (waiter: Waiter) in
        park(waiter) { !Task.isCancelled && $0.buffer.parkConsumer($1) }
      }
    } onCancel: {
      end(state.withLock { $0.cancel() })
    }
  }

  // MARK: Ending and waking

  /// Ends the stream for a producer: the consumer gets what is queued, then `completion`.
  func complete(_ completion: Completion<Failure>) {
    end(state.withLock { $0.complete(completion) })
  }

  /// Ends the stream for the consumer (it stopped iterating): everything is discarded.
  func cancel() {
    end(state.withLock { $0.cancel() })
  }

  /// Keeps `task` so that the end of the stream cancels it.
  func adopt(_ task: Task<Void, Never>) {
    if !state.withLock({ $0.buffer.adopt(task) }) { task.cancel() }
  }

  func end(_ ending: ProducerQueue<Element, Failure>.Ending) {
    resume(ending.waiters)
    for task in ending.tasks { task.cancel() }
  }
}
