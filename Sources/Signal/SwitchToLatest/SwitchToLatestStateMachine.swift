/// The state of one `switchToLatest` subscription: the shared buffer of the current inner
/// publisher's values, which inner publisher is current, and whether the outer one finished.
///
/// Each inner publisher runs in its own task and pushes with its generation number; a new
/// inner publisher bumps the generation, discards what the previous one queued and cancels
/// its task, so a value of a replaced inner publisher can never be queued after the switch.
struct SwitchToLatestStateMachine<Value: Sendable, Failure: Error>: ProducerQueueStateMachine {
  typealias Element = Value
  typealias Waiter = ProducerQueue<Value, Failure>.Waiter

  var buffer: ProducerQueue<Value, Failure>
  private var generation = 0
  private var innerTask: Task<Void, Never>?
  private var isInnerRunning = false
  private var isOuterFinished = false

  init(capacity: Int) {
    buffer = ProducerQueue(producers: 1, capacity: capacity, refundsOnDrain: true)
  }

  func isCurrent(_ generation: Int) -> Bool {
    generation == self.generation
  }

  struct Switch {
    let generation: Int
    /// The replaced inner publisher's task, to cancel.
    let previous: Task<Void, Never>?
    /// The replaced inner publisher's task, if it was waiting for room: resume it (it stops).
    let parked: Waiter?
  }

  /// The outer publisher produced a new inner publisher; `nil` when the stream is over.
  mutating func switchInner() -> Switch? {
    guard buffer.isOpen else { return nil }
    generation += 1
    isInnerRunning = true
    let parked = buffer.resetProducer(0, discardingQueue: true)
    defer { innerTask = nil }
    return Switch(generation: generation, previous: innerTask, parked: parked)
  }

  /// Keeps the task of inner publisher `generation`; `false` when it is already replaced or
  /// the stream is over: the caller cancels it.
  mutating func adoptInner(_ task: Task<Void, Never>, generation: Int) -> Bool {
    guard buffer.isOpen, isCurrent(generation) else { return false }
    innerTask = task
    return true
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
  mutating func innerFailed(_ generation: Int, _ error: Failure) -> BatchTermination {
    guard isCurrent(generation) else { return BatchTermination() }
    return complete(.failure(error))
  }

  mutating func complete(_ completion: Completion<Failure>) -> BatchTermination {
    var termination = buffer.complete(completion)
    if let task = innerTask.take() { termination.producerTasks.append(task) }
    return termination
  }

  mutating func cancel() -> BatchTermination? {
    var termination = buffer.cancel()
    if let task = innerTask.take() { termination.producerTasks.append(task) }
    return termination
  }
}
