/// The state of one `switchToLatest` subscription: the shared buffer of the current inner
/// publisher's values, which inner publisher is current, and whether the outer one finished.
///
/// Each inner publisher runs in its own task and pushes with its generation number; a new
/// inner publisher bumps the generation, discards what the previous one queued and cancels
/// its task, so a value of a replaced inner publisher can never be queued after the switch.
struct SwitchToLatestStateMachine<Value: Sendable, Failure: Error>: ProducerQueueStateMachine {
  typealias Element = Value

  var buffer: ProducerQueue<Value, Failure>
  private var generation = 0
  private var innerTask: Task<Void, Never>?
  /// The current inner publisher's subscription, until its task has taken it.
  private var innerSubscription: (any ReleasableSubscription)?
  private var isInnerRunning = false
  private var isOuterFinished = false

  init(capacity: Int) {
    buffer = ProducerQueue(producers: 1, capacity: capacity, refundsOnDrain: true)
  }

  func isCurrent(_ generation: Int) -> Bool {
    generation == self.generation
  }

  enum SwitchAction {
    /// Run the new inner publisher as this generation, after performing the effects (the
    /// replaced one's task is cancelled, its parked push resumed, its subscription released).
    case run(generation: Int, Effects)
    /// The stream is over: release the new subscription.
    case closed
  }

  /// The outer publisher produced a new inner publisher, already subscribed.
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
  mutating func takeUnstartedInner() -> (generation: Int, subscription: any ReleasableSubscription)? {
    guard isInnerRunning, innerTask == nil, let innerSubscription else { return nil }
    return (generation, innerSubscription)
  }

  mutating func adoptInner(_ task: Task<Void, Never>, generation: Int) -> Bool {
    guard buffer.isOpen, isCurrent(generation) else { return false }
    innerTask = task
    return true
  }

  /// The task of inner publisher `generation` took its subscription.
  mutating func innerStarted(_ generation: Int) {
    if isCurrent(generation) { innerSubscription = nil }
  }

  /// Inner publisher `generation` finished; `true` when the whole stream is finished.
  mutating func innerFinished(_ generation: Int) -> Bool {
    guard isCurrent(generation) else { return false }
    isInnerRunning = false
    return isOuterFinished
  }

  /// `true` when the whole stream is finished.
  mutating func outerFinished() -> Bool {
    isOuterFinished = true
    return !isInnerRunning
  }

  /// Inner publisher `generation` failed: the stream fails, unless it was already replaced.
  mutating func innerFailed(_ generation: Int, _ error: Failure) -> Effects {
    guard isCurrent(generation) else { return Effects() }
    return complete(.failure(error))
  }

  mutating func complete(_ completion: Completion<Failure>) -> Effects {
    var effects = buffer.complete(completion)
    effects.merge(releaseInner())
    return effects
  }

  mutating func cancel(_ subscriber: Void) -> Effects {
    var effects = buffer.cancel()
    effects.merge(releaseInner())
    return effects
  }

  private mutating func releaseInner() -> Effects {
    var effects = Effects()
    effects.cancel(innerTask.take())
    effects.release(innerSubscription.take())
    return effects
  }
}
