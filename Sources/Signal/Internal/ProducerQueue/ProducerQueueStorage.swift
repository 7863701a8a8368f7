/// A state machine that embeds a ``ProducerQueue``: the state of a many-producer operator
/// whose producers are bounded one by one. The queue answers the consumer's side.
@usableFromInline
protocol ProducerQueueStateMachine: BatchStateMachine where Element: Sendable {
  var buffer: ProducerQueue<Element, Failure> { get set }

  /// Ends the stream with `completion` after the queued values (the first ending wins).
  mutating func complete(_ completion: Completion<Failure>) -> BatchTermination
}

extension ProducerQueueStateMachine {
  @inlinable
  mutating func consumed(_ count: Int) -> [UnsafeContinuation<Void, Never>] {
    buffer.consumed(count)
  }

  @inlinable
  mutating func refill(_ batch: inout RingBuffer<Element>, consumed count: Int) -> RefillAction<Failure> {
    buffer.refill(&batch, consumed: count)
  }

  @inlinable
  mutating func parkConsumer(_ continuation: UnsafeContinuation<Void, Never>) -> Bool {
    buffer.parkConsumer(continuation)
  }

  @inlinable
  mutating func producersStarted(_ task: Task<Void, Never>) -> Bool {
    !buffer.adopt(task)
  }

  @inlinable
  mutating func complete(_ completion: Completion<Failure>) -> BatchTermination {
    buffer.complete(completion)
  }

  @inlinable
  mutating func cancel() -> BatchTermination? {
    buffer.cancel()
  }
}

/// The storage of a many-producer operator built on a ``ProducerQueue``: the consumer's side
/// is ``BatchStorage``'s; the extension adds the producers' moves (pushing with
/// back-pressure, ending the stream, keeping extra producer tasks).
@usableFromInline
protocol ProducerQueueStorage: BatchStorage where StateMachine: ProducerQueueStateMachine {
  typealias Waiter = UnsafeContinuation<Void, Never>
}

extension ProducerQueueStorage {
  // MARK: Producers

  /// Queues `element` from `producer`, waiting for room if its share of the buffer is full.
  /// Returns `false` when the stream is over (or `isCurrent` says the producer is stale):
  /// the producer must stop. A producer task that is cancelled while it waits stops too.
  @inlinable
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
  @inlinable
  func waitForRoom(_ producer: Int, isCurrent: (StateMachine) -> Bool) async -> Bool {
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
  @inlinable
  func pushUncounted(_ element: Element) {
    if let consumer = state.withLock({ $0.buffer.pushUncounted(element) }) { resume(consumer) }
  }

  // MARK: Ending

  /// Ends the stream for a producer: the consumer gets what is queued, then `completion`.
  @inlinable
  func complete(_ completion: Completion<Failure>) {
    execute(state.withLock { $0.complete(completion) })
  }

  /// Keeps `task` so that the end of the stream cancels it.
  @inlinable
  func adopt(_ task: Task<Void, Never>) {
    if !state.withLock({ $0.buffer.adopt(task) }) { task.cancel() }
  }
}
