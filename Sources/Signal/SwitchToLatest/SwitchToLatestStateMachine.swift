/// The state of one `switchToLatest` subscription: the shared buffer of the current inner
/// publisher's values, which inner publisher is current, and whether the outer one finished.
///
/// Each inner publisher runs in its own task and pushes with its generation number; a new
/// inner publisher bumps the generation, discards what the previous one queued and cancels
/// its task, so a value of a replaced inner publisher can never be queued after the switch.
@usableFromInline
struct SwitchToLatestStateMachine<Value: Sendable, Failure: Error>: ProducerQueueStateMachine {
  @usableFromInline typealias Element = Value

  @usableFromInline var buffer: ProducerQueue<Value, Failure>
  @usableFromInline var generation = 0
  @usableFromInline var innerTask: Task<Void, Never>?
  /// The current inner publisher's subscription, until its task has taken it.
  @usableFromInline var innerSubscription: (any ReleasableSubscription)?
  @usableFromInline var isInnerRunning = false
  @usableFromInline var isOuterFinished = false

  @usableFromInline
  init(capacity: Int) {
    buffer = ProducerQueue(producers: 1, capacity: capacity, refundsOnDrain: true)
  }

  /// An asynchronous inner publisher is usually slower than the consumer, which otherwise met it at the lock on
  /// every value (as `flatMap`'s one inner did; see ``BatchStateMachine/yieldsAfterFewValues``).
  @inlinable
  static var yieldsAfterFewValues: Bool { true }

  /// Whether `generation` is the current inner publisher's: asked on every value an inner task pushes.
  @inlinable
  func isCurrent(_ generation: Int) -> Bool {
    generation == self.generation
  }

  @usableFromInline
  enum SwitchAction {
    /// Run the new inner publisher as this generation, after performing the effects (the
    /// replaced one's task is cancelled, its parked push resumed, its subscription released).
    case run(generation: Int, Effects)
    /// The stream is over: release the new subscription.
    case closed
  }

  /// The outer publisher produced a new inner publisher, already subscribed.
  @usableFromInline
  mutating func switchInner(to subscription: any ReleasableSubscription, discarding: Bool = true) -> SwitchAction {
    guard buffer.isOpen else { return .closed }
    generation += 1
    isInnerRunning = true
    var effects = Effects(waking: buffer.resetProducer(0, discardingQueue: discarding))
    effects.cancel(innerTask.take())
    effects.release(innerSubscription)
    innerSubscription = subscription
    return .run(generation: generation, effects)
  }

  /// Keeps the task of inner publisher `generation`; `false` when it is already replaced or
  /// the stream is over: the caller cancels it.
  /// The current inner subscription if no task runs it yet: one an immediate outer publisher
  /// switched to while the subscriber subscribed, for the first demand to start.
  @usableFromInline
  mutating func takeUnstartedInner() -> (generation: Int, subscription: any ReleasableSubscription)? {
    guard isInnerRunning, innerTask == nil, let innerSubscription else { return nil }
    return (generation, innerSubscription)
  }

  @usableFromInline
  mutating func adoptInner(_ task: Task<Void, Never>, generation: Int) -> Bool {
    guard buffer.isOpen, isCurrent(generation) else { return false }
    innerTask = task
    return true
  }

  /// The task of inner publisher `generation` took its subscription.
  @usableFromInline
  mutating func innerStarted(_ generation: Int) {
    if isCurrent(generation) { innerSubscription = nil }
  }

  /// Inner publisher `generation` finished; `true` when the whole stream is finished.
  @usableFromInline
  mutating func innerFinished(_ generation: Int) -> Bool {
    guard isCurrent(generation) else { return false }
    isInnerRunning = false
    return isOuterFinished
  }

  /// `true` when the whole stream is finished.
  @usableFromInline
  mutating func outerFinished() -> Bool {
    isOuterFinished = true
    return !isInnerRunning
  }

  /// Inner publisher `generation` failed: the stream fails, unless it was already replaced.
  @usableFromInline
  mutating func innerFailed(_ generation: Int, _ error: Failure) -> Effects {
    guard isCurrent(generation) else { return Effects() }
    return complete(.failure(error))
  }

  @usableFromInline
  mutating func complete(_ completion: Completion<Failure>) -> Effects {
    var effects = buffer.complete(completion)
    effects.merge(releaseInner())
    return effects
  }

  @usableFromInline
  mutating func cancel(_ subscriber: Void) -> Effects {
    var effects = buffer.cancel()
    effects.merge(releaseInner())
    return effects
  }

  @usableFromInline
  mutating func releaseInner() -> Effects {
    var effects = Effects()
    effects.cancel(innerTask.take())
    effects.release(innerSubscription.take())
    return effects
  }
}
