/// The storage of a many-producer operator built on a ``ProducerQueue``: the consumer's side
/// is ``BatchStorage``'s; the extension adds the producers' moves (pushing with
/// back-pressure, ending the stream, keeping extra producer tasks).
@usableFromInline
protocol ProducerQueueStorage: BatchStorage where StateMachine: ProducerQueueStateMachine {}

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
        wake(consumer)
        return true
      case .closed:
        return false
      case .full:
        // Producer tasks are cancelled only when the stream ends, which resumes them.
        await waitForRoom { machine, waiter in
          isCurrent(machine) && machine.buffer.parkProducer(producer, waiter)
        }
        if Task.isCancelled { return false }
      }
    }
  }

  /// Queues `element` from `producer`, which has room (``ProducerQueue/hasRoom(for:)``): an
  /// immediate upstream's value taken while the subscriber subscribes.
  @inlinable
  func pushNow(_ element: Element, from producer: Int) {
    if case .queued(let consumer) = state.withLock({ $0.buffer.push(element, from: producer) }) { wake(consumer) }
  }

  /// Queues a value that needs no room (an upstream's end).
  @inlinable
  func pushUncounted(_ element: Element) {
    wake(state.withLock { $0.buffer.pushUncounted(element) })
  }

  // MARK: Ending

  /// Ends the stream for a producer: the consumer gets what is queued, then `completion`.
  @inlinable
  func complete(_ completion: Completion<Failure>) {
    perform(state.withLock { $0.complete(completion) })
  }

  /// Keeps `task` so that the end of the stream cancels it.
  @inlinable
  func adopt(_ task: Task<Void, Never>) {
    if !state.withLock({ $0.buffer.adopt(task) }) { task.cancel() }
  }
}
