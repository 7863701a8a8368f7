/// The state of one `flatMap` subscription: the shared buffer of inner values, plus who
/// may pull the outer publisher and how many inner subscriptions are active.
///
/// Worker tasks (at most `maxPublishers`, reused from one inner publisher to the next) do
/// all the work. The outer iterator is a baton: the worker that takes it pulls one outer
/// value, hands the baton back and runs that value's inner publisher itself, then comes back
/// for the next one. A pull reserves a slot, so no more than `maxPublishers` inner
/// subscriptions are ever active, and no outer value is pulled while they all are
/// (back-pressure on the outer stream).
///
/// Concurrency grows on demand: another worker is recruited (an idle one woken, or a new one
/// started) only while the consumer is starving, that is, its last refill found nothing,
/// nothing has been queued since, and no worker is on its way to the next outer value. Fast
/// inner publishers (`Just`) keep the consumer fed, so one worker runs them back to back
/// without a task switch; slow ones starve it, and each starvation adds one worker, up to
/// `maxPublishers`.
@usableFromInline
struct FlatMapStateMachine<Value: Sendable, Failure: Error>: ProducerQueueStateMachine {
  @usableFromInline typealias Element = Value
  @usableFromInline typealias Waiter = ProducerQueue<Value, Failure>.Waiter

  @usableFromInline var buffer: ProducerQueue<Value, Failure>
  @usableFromInline let maxPublishers: Int

  @usableFromInline
  enum Outer: Sendable {
    /// Nobody holds the outer iterator.
    case available
    /// A worker is pulling the next outer value.
    case pulling
    case finished
  }

  @usableFromInline var outer = Outer.available
  /// Inner subscriptions running, plus the one a pulling worker reserved.
  @usableFromInline var active = 0
  /// Workers recruited so far, started or about to start.
  @usableFromInline var recruitedWorkers = 0
  /// Workers that have started: the next one's index (its producer slot in the buffer).
  @usableFromInline var startedWorkers = 0
  /// Workers awake and between inner publishers (including a pulling one, and recruits that
  /// have not run yet).
  @usableFromInline var seeking = 0
  /// Workers parked until they are recruited again (or the end).
  @usableFromInline var idle: [Waiter] = []
  /// The consumer's last refill delivered nothing (or it has not had one yet): it is parked,
  /// or about to park, until a value arrives.
  @usableFromInline var consumerIsWaiting = true

  @usableFromInline
  init(maxPublishers: Int, capacityPerInner: Int) {
    self.maxPublishers = maxPublishers
    buffer = ProducerQueue(producers: maxPublishers, capacity: capacityPerInner, refundsOnDrain: true)
  }

  // MARK: Consumer

  @inlinable
  mutating func refill(_ batch: inout RingBuffer<Element>, consumed count: Int) -> RefillAction<Failure> {
    let action = buffer.refill(&batch, consumed: count)
    switch action {
    case .startProducers:
      // The first demand: the producer task runs the first worker.
      recruitedWorkers += 1
      seeking += 1
      return action
    case .deliver:
      consumerIsWaiting = false
      return action
    case .suspend(var wake):
      consumerIsWaiting = true
      // Starting a task takes the refill's `.startProducers` path, which has no producers to
      // wake (the queue refunds room on drain, so it never has any here).
      switch recruit(mayStart: wake.isEmpty) {
      case .none:
        return action
      case .wake(let worker):
        wake.append(worker)
        return .suspend(wakingProducers: wake)
      case .start:
        return .startProducers
      }
    case .finish, .fail:
      return action
    }
  }

  // MARK: Workers

  /// Returns the index of a recruited worker that starts running; `nil` when the stream is
  /// already over.
  @inlinable
  mutating func workerStarted() -> Int? {
    guard buffer.isOpen else { return nil }
    defer { startedWorkers += 1 }
    return startedWorkers
  }

  @usableFromInline
  enum WorkAction {
    /// Pull the next outer value: the caller holds the baton and a reserved slot.
    case pull
    /// Nothing to do now: park (``parkIdle(_:)``) and ask again when resumed.
    case park
    /// The stream is over or every outer value is taken: the worker ends.
    case exit
  }

  /// A worker between inner publishers asks what to do.
  @inlinable
  mutating func nextWork() -> WorkAction {
    guard buffer.isOpen else { return exitWorker() }
    switch outer {
    case .available where active < maxPublishers:
      outer = .pulling
      active += 1
      return .pull
    case .finished:
      return exitWorker()
    case .available, .pulling:
      return .park
    }
  }

  /// Parks a worker that had nothing to do; `false` (resume it at once) if there is now.
  @inlinable
  mutating func parkIdle(_ waiter: Waiter) -> Bool {
    guard buffer.isOpen, !hasWorkToPull, outer != .finished else { return false }
    seeking -= 1
    idle.append(waiter)
    return true
  }

  @usableFromInline
  enum Recruit {
    case none
    case wake(Waiter)
    /// Start a new worker task (its index comes from ``workerStarted()``).
    case start
  }

  @usableFromInline
  enum PulledAction {
    /// Run the inner publisher, after recruiting another worker if told to.
    case run(Recruit)
    /// The stream is over: drop the value, end the worker.
    case exit
  }

  /// The pulling worker got an outer value and hands the baton back. If the consumer is
  /// starving, this inner publisher may be slow too: recruit a worker for the next one.
  @inlinable
  mutating func pulled() -> PulledAction {
    outer = .available
    guard buffer.isOpen else { return .exit }
    seeking -= 1
    guard consumerIsWaiting, buffer.queue.isEmpty else { return .run(.none) }
    return .run(recruit())
  }

  /// The pulling worker found the outer stream finished. Returns the idle workers to wake
  /// (they exit) and whether the whole stream is now finished.
  @inlinable
  mutating func outerFinished() -> (wake: [Waiter], isFinished: Bool) {
    outer = .finished
    active -= 1
    return (takeIdle(), active == 0)
  }

  /// A worker's inner publisher finished; returns `true` when the whole stream is finished.
  @inlinable
  mutating func innerFinished() -> Bool {
    active -= 1
    seeking += 1
    return outer == .finished && active == 0
  }

  // MARK: Ending

  @inlinable
  mutating func complete(_ completion: Completion<Failure>) -> BatchTermination {
    var termination = buffer.complete(completion)
    termination.producers += takeIdle()
    return termination
  }

  @inlinable
  mutating func cancel() -> BatchTermination? {
    var termination = buffer.cancel()
    termination.producers += takeIdle()
    return termination
  }

  // MARK: Helpers

  @inlinable
  var hasWorkToPull: Bool {
    outer == .available && active < maxPublishers
  }

  /// One more worker, if more concurrency is allowed and nobody is already on the way to
  /// the next outer value.
  @inlinable
  mutating func recruit(mayStart: Bool = true) -> Recruit {
    guard buffer.isOpen, seeking == 0, hasWorkToPull else { return .none }
    if let waiter = idle.popLast() {
      seeking += 1
      return .wake(waiter)
    }
    guard mayStart, recruitedWorkers < maxPublishers else { return .none }
    recruitedWorkers += 1
    seeking += 1
    return .start
  }

  @inlinable
  mutating func exitWorker() -> WorkAction {
    seeking -= 1
    return .exit
  }

  @inlinable
  mutating func takeIdle() -> [Waiter] {
    seeking += idle.count
    defer { idle.removeAll() }
    return idle
  }
}
