/// The state of one `flatMap` subscription: the shared buffer of inner values, plus who
/// may pull the outer publisher and how many inner subscriptions are active.
///
/// Worker tasks (at most `maxPublishers`, reused from one inner publisher to the next) do
/// all the work. The outer iterator is a baton: the worker that takes it pulls one outer
/// value, hands the baton back and runs that value's inner publisher itself. A pull
/// reserves a slot, so no more than `maxPublishers` inner subscriptions are ever active,
/// and no outer value is pulled while they all are (back-pressure on the outer stream).
/// When a worker starts an inner publisher and no other worker is free to pull the next
/// outer value, it wakes (or starts) one, so slow inner publishers still run concurrently
/// while fast ones are run back to back by one worker without any task switch.
struct FlatMapStateMachine<Value: Sendable, Failure: Error>: ProducerQueueStateMachine {
  typealias Element = Value
  typealias Waiter = ProducerQueue<Value, Failure>.Waiter

  var buffer: ProducerQueue<Value, Failure>
  let maxPublishers: Int

  private enum Outer {
    /// Nobody holds the outer iterator.
    case available
    /// A worker is pulling the next outer value.
    case pulling
    case finished
  }

  private var outer = Outer.available
  /// Inner subscriptions running, plus the one a pulling worker reserved.
  private var active = 0
  /// Workers started and not yet exited.
  private var workers = 0
  /// Workers ever started: the next one's index (its producer slot in the buffer).
  private var startedWorkers = 0
  /// Workers awake and between inner publishers (including a pulling one).
  private var seeking = 0
  /// Workers parked until there is something to pull (or the end).
  private var idle: [Waiter] = []

  init(maxPublishers: Int, capacityPerInner: Int) {
    self.maxPublishers = maxPublishers
    buffer = ProducerQueue(producers: maxPublishers, capacity: capacityPerInner, refundsOnDrain: true)
  }

  /// Returns the index of the first worker, which runs in the producer task; `nil` when the
  /// stream is already over.
  mutating func start() -> Int? {
    guard buffer.isOpen else { return nil }
    return addWorker()
  }

  enum WorkAction {
    /// Pull the next outer value: the caller holds the baton and a reserved slot.
    case pull
    /// Nothing to do now: park (``parkIdle(_:)``) and ask again when resumed.
    case park
    /// The stream is over or every outer value is taken: the worker ends.
    case exit
  }

  /// A worker between inner publishers asks what to do.
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
  mutating func parkIdle(_ waiter: Waiter) -> Bool {
    guard buffer.isOpen, !hasWorkToPull, outer != .finished else { return false }
    seeking -= 1
    idle.append(waiter)
    return true
  }

  enum PulledAction {
    /// Run the inner publisher; first wake `wake`, or start a worker with index `start`,
    /// so that someone pulls the next outer value.
    case run(wake: Waiter?, start: Int?)
    /// The stream is over: drop the value, end the worker.
    case exit
  }

  /// The pulling worker got an outer value and hands the baton back.
  mutating func pulled() -> PulledAction {
    outer = .available
    seeking -= 1
    guard buffer.isOpen else {
      seeking += 1
      return .exit
    }
    guard seeking == 0, hasWorkToPull else { return .run(wake: nil, start: nil) }
    if let waiter = idle.popLast() {
      seeking += 1
      return .run(wake: waiter, start: nil)
    }
    if startedWorkers < maxPublishers { return .run(wake: nil, start: addWorker()) }
    return .run(wake: nil, start: nil)
  }

  /// The pulling worker found the outer stream finished. Returns the idle workers to wake
  /// (they exit) and whether the whole stream is now finished.
  mutating func outerFinished() -> (wake: [Waiter], isFinished: Bool) {
    outer = .finished
    active -= 1
    return (takeIdle(), active == 0)
  }

  /// A worker's inner publisher finished; returns `true` when the whole stream is finished.
  mutating func innerFinished() -> Bool {
    active -= 1
    seeking += 1
    return outer == .finished && active == 0
  }

  mutating func complete(_ completion: Completion<Failure>) -> BatchTermination {
    var termination = buffer.complete(completion)
    termination.producers += takeIdle()
    return termination
  }

  mutating func cancel() -> BatchTermination? {
    var termination = buffer.cancel()
    termination.producers += takeIdle()
    return termination
  }

  private var hasWorkToPull: Bool {
    outer == .available && active < maxPublishers
  }

  private mutating func addWorker() -> Int {
    defer { startedWorkers += 1 }
    workers += 1
    seeking += 1
    return startedWorkers
  }

  private mutating func exitWorker() -> WorkAction {
    seeking -= 1
    workers -= 1
    return .exit
  }

  private mutating func takeIdle() -> [Waiter] {
    seeking += idle.count
    defer { idle.removeAll() }
    return idle
  }
}
