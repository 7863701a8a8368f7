/// What the consumer of a ``BatchStorage`` does after a refill, decided by its
/// ``BatchStateMachine`` under the lock.
@usableFromInline
enum RefillAction<Failure: Error>: Sendable {
  /// The first demand: start the producers, then refill again.
  case startProducers
  /// The consumer's batch holds elements; wake these producers.
  case deliver(Wakeups)
  /// Nothing to deliver yet; wake these producers, then park the consumer.
  case suspend(Wakeups)
  /// The end of the stream: perform these effects (producers are woken so that they stop).
  case finish(Effects)
  /// Everything before the failure was delivered; perform these effects, then fail.
  case fail(Failure, Effects)
}
