/// The state of one `flatMap` subscription: the shared buffer of inner values, the inner
/// publishers subscribed and waiting for a worker, and who is parked.
///
/// Two kinds of work share the tasks. **Pulling** the outer publisher is a role that one task
/// holds at a time: it pulls whenever a slot is free (fewer than `maxPublishers` inner
/// subscriptions are active), turns the value into an inner publisher and subscribes to it at
/// once, so a hot inner publisher loses nothing, whatever the consumer's pace. With every slot
/// taken the role is put down, which is the back-pressure on the outer stream, and the task
/// that next frees a slot (a worker whose inner publisher finished) picks it up and pulls
/// itself: nobody is parked waiting for a slot and nobody has to be woken when one frees.
/// The outer task holds the role first. **Workers** (at most `maxPublishers`, reused from one
/// inner publisher to the next) run the subscribed inner publishers into the buffer.
///
/// A worker is recruited (an idle one woken, or a new one started) only when an inner
/// publisher is waiting and no worker is awake to take it: fast inner publishers (`Just`) are
/// run back to back by the workers already awake, slow ones each get a worker of their own.
@usableFromInline
struct FlatMapStateMachine<Value: Sendable, Failure: Error, Inner: ReleasableSubscription>:
  ProducerQueueStateMachine
{
  @usableFromInline typealias Element = Value

  @usableFromInline var buffer: ProducerQueue<Value, Failure>
  @usableFromInline let maxPublishers: Int
  /// Inner subscriptions running or waiting for a worker, plus the one the puller is
  /// pulling for.
  @usableFromInline var active = 0
  /// Subscribed inner publishers that no worker has taken yet.
  @usableFromInline var pending = RingBuffer<Inner>()
  @usableFromInline var isOuterFinished = false
  /// Whether a task holds the pull role (the outer iterator is out of the subscription).
  @usableFromInline var isPulling = true
  /// Workers started so far: the next one's index (its producer slot in the buffer).
  @usableFromInline var startedWorkers = 0
  /// Workers awake and between inner publishers (including those woken or started and not
  /// yet running); a worker pulling the outer publisher is not among them.
  @usableFromInline var seeking = 0
  /// Workers parked until there is an inner publisher to run (or the end).
  @usableFromInline var idle: [Waiter] = []

  @usableFromInline
  init(maxPublishers: Int, capacityPerInner: Int) {
    self.maxPublishers = maxPublishers
    // One producer slot per worker, and one more (index `maxPublishers`) for the outer task, which runs
    // immediate inner publishers (`Just`) itself.
    buffer = ProducerQueue(producers: maxPublishers + 1, capacity: capacityPerInner, refundsOnDrain: true)
  }

  // MARK: Subscribing, for an immediate outer publisher

  /// An immediate outer publisher's value arrived while the subscriber subscribed, and `inner`
  /// was subscribed in a free slot at once (Combine subscribes it then); a worker takes it once
  /// demand starts (``start()``).
  @inlinable
  mutating func subscribedAtOnce(_ inner: Inner) {
    active += 1
    pending.append(inner)
  }

  /// Whether an immediate outer publisher may be pulled now, at subscription: a slot is free.
  @inlinable
  var hasFreeSlot: Bool { buffer.isOpen && active < maxPublishers }

  /// An immediate outer publisher ended while the subscriber subscribed.
  @inlinable
  mutating func outerFinishedAtOnce() -> Effects {
    isOuterFinished = true
    isPulling = false
    return active == 0 ? complete(.finished) : Effects()
  }

  /// The first demand: workers for the inner publishers subscribed at once, then the outer task's
  /// first pull (``OuterStep/full``: the role is put down, a worker freeing a slot picks it up).
  @inlinable
  mutating func start() -> (workers: [Recruit], OuterStep) {
    var workers: [Recruit] = []
    while workers.count < pending.count, startedWorkers < maxPublishers { workers.append(recruit()) }
    guard buffer.isOpen, !isOuterFinished else { return (workers, .stop) }
    let step = reserveSlot()
    if case .full = step { isPulling = false }
    return (workers, step)
  }

  // MARK: Pulling the outer publisher

  @usableFromInline
  enum OuterStep {
    /// A slot is reserved: pull the next outer value.
    case pull
    /// Every slot is taken: put the outer iterator back and ``putDown(byWorker:)`` the role.
    case full
    /// The stream is over.
    case stop
  }

  /// The puller asks for a slot for its next pull.
  @inlinable
  mutating func reserveSlot() -> OuterStep {
    guard buffer.isOpen else { return .stop }
    guard active < maxPublishers else { return .full }
    active += 1
    return .pull
  }

  @usableFromInline
  enum PutDownStep {
    /// A slot freed while the iterator was put back: it is reserved, take the iterator again.
    case pull
    /// The role is free; a worker goes back to running inner publishers, the outer task ends.
    case putDown
    /// The stream is over: release the outer subscription.
    case stop
  }

  /// The puller found every slot taken and has put the outer iterator back into the
  /// subscription: the next task to free a slot picks the role up (``innerFinished()``).
  @inlinable
  mutating func putDown(byWorker: Bool) -> PutDownStep {
    guard buffer.isOpen else { return .stop }
    if active < maxPublishers {
      active += 1
      return .pull
    }
    isPulling = false
    if byWorker { seeking += 1 }
    return .putDown
  }

  @usableFromInline
  enum Recruit {
    case none
    case wake(Waiter)
    /// Start a new worker with this index.
    case start(Int)
  }

  @usableFromInline
  enum EnqueueAction {
    /// Queued for a worker; recruit one if told to.
    case queued(Recruit)
    /// The stream is over: release the inner subscription and stop.
    case closed
  }

  /// The puller subscribed `inner` in the slot it reserved.
  ///
  /// Nobody is recruited when the puller is a worker that is about to put the role down
  /// (every slot is taken): it runs the inner publisher itself.
  @inlinable
  mutating func enqueue(_ inner: Inner, byWorker: Bool) -> EnqueueAction {
    guard buffer.isOpen else { return .closed }
    pending.append(inner)
    let pullerRunsIt = byWorker && active >= maxPublishers
    return .queued(seeking == 0 && !pullerRunsIt ? recruit() : .none)
  }

  /// The outer publisher finished: the slot reserved for its next value is given back, idle
  /// workers are let go, and the stream finishes once no inner subscription is active.
  @inlinable
  mutating func outerFinished(byWorker: Bool) -> Effects {
    isOuterFinished = true
    isPulling = false
    active -= 1
    if byWorker { seeking += 1 }
    var effects = Effects()
    seeking += idle.count
    effects.wake(idle)
    idle.removeAll()
    if active == 0 { effects.merge(complete(.finished)) }
    return effects
  }

  // MARK: Workers

  @usableFromInline
  enum WorkerStep {
    /// Run this inner subscription, after recruiting another worker if told to.
    case run(Inner, Recruit)
    /// Nothing to run now: park (``parkIdle(_:)``) and ask again when resumed.
    case park
    /// The stream is over, or the outer one finished and nothing is left to run.
    case exit
  }

  @inlinable
  mutating func nextInner() -> WorkerStep {
    guard buffer.isOpen else { return exitWorker() }
    if let inner = pending.popFirst() {
      seeking -= 1
      // Another inner publisher is waiting and nobody else is awake to take it.
      let recruit = !pending.isEmpty && seeking == 0 ? recruit() : .none
      return .run(inner, recruit)
    }
    return isOuterFinished ? exitWorker() : .park
  }

  /// Parks a worker that found nothing to run; `false` (resume it at once) if there is now.
  @inlinable
  mutating func parkIdle(_ waiter: Waiter) -> Bool {
    guard buffer.isOpen, pending.isEmpty, !isOuterFinished else { return false }
    seeking -= 1
    idle.append(waiter)
    return true
  }

  @usableFromInline
  enum InnerEnd {
    /// Look for the next inner publisher, after carrying out these effects.
    case seek(Effects)
    /// The freed slot is reserved for the worker, which now holds the pull role: take the
    /// outer iterator and pull.
    case pull
  }

  /// A worker's inner publisher finished: its slot is free. If nobody holds the pull role,
  /// the worker takes it and the slot; the stream finishes if that was the last active inner
  /// after the outer's end.
  @inlinable
  mutating func innerFinished() -> InnerEnd {
    if !isPulling && !isOuterFinished && buffer.isOpen {
      isPulling = true
      return .pull
    }
    active -= 1
    seeking += 1
    var effects = Effects()
    if isOuterFinished && active == 0 { effects.merge(complete(.finished)) }
    return .seek(effects)
  }

  // MARK: Steps fused under one lock

  /// ``enqueue(_:byWorker:)`` and, when queued, ``reserveSlot()`` for the next pull: what the
  /// puller does after subscribing to an inner publisher, under one lock instead of two.
  @inlinable
  mutating func enqueueAndReserve(_ inner: Inner, byWorker: Bool) -> (EnqueueAction, OuterStep) {
    let action = enqueue(inner, byWorker: byWorker)
    guard case .queued = action else { return (action, .stop) }
    return (action, reserveSlot())
  }

  @usableFromInline
  enum PutDownOrRun {
    /// As ``PutDownStep``.
    case pull
    /// The role is put down: a worker takes this next step (``nextInner()``) at once; the
    /// outer task ends (it gets ``WorkerStep/exit``).
    case next(WorkerStep)
    case stop
  }

  /// ``putDown(byWorker:)`` followed, for a worker, by ``nextInner()``: under one lock.
  @inlinable
  mutating func putDownAndSeek(byWorker: Bool) -> PutDownOrRun {
    switch putDown(byWorker: byWorker) {
    case .pull: return .pull
    case .stop: return .stop
    case .putDown: return .next(byWorker ? nextInner() : .exit)
    }
  }

  @usableFromInline
  enum InnerEndStep {
    /// Carry out these effects, then take this step.
    case next(Effects, WorkerStep)
    /// As ``InnerEnd/pull``. `mayRunItself`: every slot is taken and nothing waits for a worker,
    /// so the inner publisher of the value about to be pulled may be run by the puller itself
    /// (``arrivedForWorker()`` confirms once the value is there).
    case pull(mayRunItself: Bool)
  }

  /// ``innerFinished()`` followed, when the worker seeks, by ``nextInner()``: under one lock.
  @inlinable
  mutating func innerFinishedAndSeek() -> InnerEndStep {
    switch innerFinished() {
    case .pull: return .pull(mayRunItself: isFullWithNothingQueued)
    case .seek(let effects): return .next(effects, nextInner())
    }
  }

  @usableFromInline
  enum Arrival {
    /// Every slot is still taken and nothing waits: the role is put down and the worker
    /// subscribes to the value's inner publisher and runs it itself, with nobody woken and
    /// nothing queued.
    case runItself
    /// A slot freed meanwhile: take the outer iterator back and subscribe as usual (the value's
    /// inner publisher is queued and the puller goes on pulling).
    case enqueue
    /// The stream is over.
    case stop
  }

  /// Every slot is taken and no inner publisher waits for a worker: the puller's next inner
  /// publisher has nobody to run it but the puller.
  @inlinable
  var isFullWithNothingQueued: Bool { pending.isEmpty && active >= maxPublishers }

  /// A pulling worker told ``InnerEndStep/pull(mayRunItself:)`` has its value and has put the
  /// outer iterator back.
  @inlinable
  mutating func arrivedForWorker() -> Arrival {
    guard buffer.isOpen else { return .stop }
    guard isFullWithNothingQueued else { return .enqueue }
    isPulling = false
    return .runItself
  }

  // MARK: Ending

  @inlinable
  mutating func complete(_ completion: Completion<Failure>) -> Effects {
    guard buffer.isOpen else { return Effects() }
    var effects = buffer.complete(completion)
    effects.merge(releaseWaiting())
    return effects
  }

  @inlinable
  mutating func cancel(_ subscriber: Void) -> Effects {
    var effects = buffer.cancel()
    effects.merge(releaseWaiting())
    return effects
  }

  // MARK: Helpers

  /// One more worker awake, if more concurrency is allowed.
  @inlinable
  mutating func recruit() -> Recruit {
    if let waiter = idle.popLast() {
      seeking += 1
      return .wake(waiter)
    }
    guard startedWorkers < maxPublishers else { return .none }
    startedWorkers += 1
    seeking += 1
    return .start(startedWorkers - 1)
  }

  @inlinable
  mutating func exitWorker() -> WorkerStep {
    seeking -= 1
    return .exit
  }

  /// Everything parked or waiting, once the stream has ended: idle workers are woken (they
  /// stop), inner subscriptions no worker took are released.
  @inlinable
  mutating func releaseWaiting() -> Effects {
    var effects = Effects()
    seeking += idle.count
    effects.wake(idle)
    idle.removeAll()
    while let inner = pending.popFirst() { effects.release(inner) }
    return effects
  }
}
