/// The consumer-facing half of a many-producer state machine whose consumer drains a
/// ``ConsumerBatch``: what each operator decides its own way (how elements are buffered,
/// when producers get room), behind one set of moves that ``BatchStorage`` makes for all.
@usableFromInline
protocol BatchStateMachine<Element, Failure>: SubscriptionStateMachine where Subscriber == Void {
  associatedtype Element
  associatedtype Failure: Error

  /// The consumer used `count` more elements; returns the parked producers that may go on.
  mutating func consumed(_ count: Int) -> Wakeups
  /// Moves what is ready for delivery into the consumer's empty `batch`.
  mutating func refill(_ batch: inout RingBuffer<Element>, consumed count: Int) -> RefillAction<Failure>
  /// Returns `false` when the consumer need not wait (something to deliver, or the end).
  mutating func parkConsumer(_ waiter: Waiter) -> Bool
  /// Keeps a producer task so that the end of the stream cancels it; `false` when the stream
  /// has already ended (the caller cancels the task).
  mutating func adopt(_ task: Task<Void, Never>) -> Bool
  /// Whether the consumer steps aside once (`Task.yield`) before it parks. For an operator whose
  /// woken producers usually refill within a moment, a producer task that was woken but has no
  /// thread yet then runs on the consumer's, instead of both waiting for the scheduler.
  static var yieldsBeforeParking: Bool { get }
}

extension BatchStateMachine {
  @inlinable
  static var yieldsBeforeParking: Bool { false }
}
