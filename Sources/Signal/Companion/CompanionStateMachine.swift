/// The state of an operator with a companion publisher (``CompanionLogic``): the upstream's
/// outputs wait in a one-producer ``ProducerQueue`` (bounded, so an upstream that runs ahead
/// of the consumer waits), and the companion's events change only the logic, never the queue.
///
/// The companion is read as fast as it produces: what it contributes is a state (a latest
/// value, a gate), never a queue of values, so it needs no room.
@usableFromInline
struct CompanionStateMachine<Logic: CompanionLogic>: ProducerQueueStateMachine {
  @usableFromInline typealias Element = Logic.Output
  @usableFromInline typealias Failure = Logic.Failure

  /// The upstream's producer slot in ``buffer``.
  @inlinable static var upstreamSlot: Int { 0 }

  @usableFromInline var buffer: ProducerQueue<Logic.Output, Logic.Failure>
  @usableFromInline var logic: Logic

  @inlinable
  init(_ logic: Logic, capacity: Int) {
    self.logic = logic
    buffer = ProducerQueue(producers: 1, capacity: capacity, refundsOnDrain: true)
  }

  /// What the upstream's producer does after a value.
  @usableFromInline
  enum UpstreamAction {
    /// The rules dropped the value: ask for the next one.
    case dropped
    /// Queued; resume the consumer if one is given.
    case queued(wake: Waiter?)
    /// The output has no room: push it again with back-pressure.
    case full(Logic.Output)
    /// The stream is over: stop.
    case closed
  }

  /// What the companion's producer does after an event.
  @usableFromInline
  enum CompanionAction {
    /// Ask the companion for its next event.
    case listen
    /// Stop reading the companion (its subscription ends when the producer returns), after
    /// performing these effects (the end of the stream, when the rules ended it).
    case stop(Effects)
  }

  /// The upstream produced `value`.
  @inlinable
  mutating func receive(_ value: Logic.Value) -> UpstreamAction {
    guard buffer.isOpen else { return .closed }
    guard let output = logic.receive(value) else { return .dropped }
    switch buffer.push(output, from: Self.upstreamSlot) {
    case .queued(let consumer): return .queued(wake: consumer)
    case .full: return .full(output)
    case .closed: return .closed
    }
  }

  /// The companion produced `value`.
  @inlinable
  mutating func receiveCompanion(_ value: Logic.Companion) -> CompanionAction {
    guard buffer.isOpen else { return .stop(Effects()) }
    return apply(logic.receiveCompanion(value))
  }

  /// The companion ended; returns what to perform.
  @inlinable
  mutating func companionEnded(_ completion: Completion<Logic.CompanionFailure>) -> Effects {
    guard buffer.isOpen, case .stop(let effects) = apply(logic.companionEnded(completion)) else { return Effects() }
    return effects
  }

  @inlinable
  mutating func apply(_ verdict: CompanionVerdict<Logic.Failure>) -> CompanionAction {
    switch verdict {
    case .listen: .listen
    case .release: .stop(Effects())
    case .complete(let completion): .stop(buffer.complete(completion))
    }
  }
}
