/// A state machine that embeds a ``ProducerQueue``: the state of a many-producer operator
/// whose producers are bounded one by one. The queue answers the consumer's side.
@usableFromInline
protocol ProducerQueueStateMachine: BatchStateMachine where Element: Sendable {
  var buffer: ProducerQueue<Element, Failure> { get set }

  /// Ends the stream with `completion` after the queued values (the first ending wins).
  mutating func complete(_ completion: Completion<Failure>) -> Effects
}

extension ProducerQueueStateMachine {
  @inlinable
  mutating func consumed(_ count: Int) -> Wakeups {
    buffer.consumed(count)
  }

  @inlinable
  mutating func refill(_ batch: inout RingBuffer<Element>, consumed count: Int) -> RefillAction<Failure> {
    buffer.refill(&batch, consumed: count)
  }

  @inlinable
  mutating func parkConsumer(_ waiter: Waiter) -> Bool {
    buffer.parkConsumer(waiter)
  }

  @inlinable
  mutating func adopt(_ task: Task<Void, Never>) -> Bool {
    buffer.adopt(task)
  }

  @inlinable
  mutating func complete(_ completion: Completion<Failure>) -> Effects {
    buffer.complete(completion)
  }

  @inlinable
  mutating func cancel(_ subscriber: Void) -> Effects {
    buffer.cancel()
  }
}
