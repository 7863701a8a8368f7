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
  /// Whether a consumer whose refill brought fewer than ``fewValues`` elements lets other work run once
  /// (`Task.yield`) before its next refill. A consumer faster than its producers otherwise comes back for one or two
  /// values at a time and meets each producer at the lock on every value, the lock's cache line going back and forth
  /// between two threads; after the yield the values come in runs. A consumer that then finds nothing parks as before.
  static var yieldsAfterFewValues: Bool { get }
}

extension BatchStateMachine {
  @inlinable
  static var yieldsBeforeParking: Bool { false }
  @inlinable
  static var yieldsAfterFewValues: Bool { false }

  /// Below how many elements a refill counts as few (see ``yieldsAfterFewValues``).
  @inlinable
  static var fewValues: Int { 8 }
}
