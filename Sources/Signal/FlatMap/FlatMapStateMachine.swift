/// The state of one `flatMap` subscription: the shared buffer of inner values, the inner
/// subscriptions waiting for a worker, who holds the pull role, and who is parked.
///
/// **Tasks and turns.** The subscription runs one outer task (started on the first demand) and
/// at most `maxPublishers` workers, started or woken only when an inner subscription waits and no
/// worker is awake to take it: fast inner publishers are run back to back by the workers already
/// awake, slow ones each get a worker of their own. Every task runs the same loop: it reports an
/// event, gets a ``Step`` (a ``Turn`` plus the workers to start and the effects to carry out first)
/// and takes that turn: pull the outer publisher, run an inner subscription, park, or end.
///
/// **The pull role.** Pulling the outer publisher is a role that one task holds at a time
/// (`isPulling`), with a *slot* reserved for the value it pulls: at most `maxPublishers` inner
/// subscriptions are active (`active` counts them, plus the reserved one). The puller subscribes
/// each value's inner publisher at once, whatever the consumer's pace, so a hot inner loses nothing,
/// and queues it for a worker. With every slot taken it puts the outer iterator back into the
/// subscription and lets go of the role (``putBack(by:)``), which is the back-pressure on the outer
/// publisher; the worker that next frees a slot picks the role up (``innerFinished()``) and pulls
/// itself, so nobody parks waiting for a slot. The outer task holds the role first and ends when it
/// lets go; a worker goes back to running inner subscriptions.
///
/// The events, by who reports them:
///
/// | who | event | when |
/// |---|---|---|
/// | the subscriber's thread | ``subscribedAtOnce(_:)``, ``outerFinishedAtOnce()`` | an immediate outer publisher's values, while subscribing |
/// | the outer task | ``start()`` | the first demand |
/// | the puller | ``subscribed(_:by:)`` | it subscribed the inner publisher of the value it pulled |
/// | the puller | ``putBack(by:)`` | every slot was taken and it put the outer iterator back |
/// | a pulling worker | ``pulledForItself()`` | its value arrived, pulled into the last slot with nothing queued |
/// | the puller | ``outerFinished(by:)`` | the outer publisher finished |
/// | a worker | ``seek()``, ``parkIdle(_:)`` | it is between inner subscriptions |
/// | a worker | ``innerFinished()`` | its inner subscription finished: a slot is free |
/// | anyone | ``complete(_:)``, ``cancel(_:)`` | a failure, or the subscriber went away |
@usableFromInline
struct FlatMapStateMachine<Value: Sendable, Failure: Error, Inner: ReleasableSubscription>:
  ProducerQueueStateMachine
{
  @usableFromInline typealias Element = Value

  /// An asynchronous inner publisher is usually slower than the consumer: one inner alone met it at the lock on
  /// every value (twice the cost per value of ten or more inners, whose values come in runs anyway).
  @inlinable
  static var yieldsAfterFewValues: Bool { true }

  /// Which task reports an event: the outer task ends when it lets go of the pull role, a worker
  /// goes on to the next inner subscription.
  @usableFromInline
  enum Role: Sendable {
    case outerTask
    case worker
  }

  /// What the task that reported an event does next.
  @usableFromInline
  enum Turn: Sendable {
    /// It holds the pull role and a slot reserved for the next value: pull (taking the outer
    /// iterator out of the subscription if it does not hold it), then ``subscribed(_:by:)``.
    /// `runsWhatItPulls`: a worker that took the last slot with nothing queued; once its value is
    /// there it puts the iterator back and asks ``pulledForItself()`` instead.
    case pull(runsWhatItPulls: Bool)
    /// Every slot is taken: put the outer iterator back into the subscription, then ``putBack(by:)``.
    case putBack
    /// Subscribe the value just pulled as usual (a slot freed meanwhile): take the outer iterator
    /// back, then ``subscribed(_:by:)``.
    case subscribePulled
    /// Run the inner publisher of the value just pulled, unsubscribed and unqueued, then
    /// ``innerFinished()``: the pull role is let go, nobody was woken.
    case runPulled
    /// Run this inner subscription to its end, then ``innerFinished()``.
    case run(Inner)
    /// Nothing to run yet: park (``parkIdle(_:)``), then ``seek()``.
    case park
    /// This task is done: the outer task let go of the pull role, or the outer publisher finished
    /// and no inner subscription waits.
    case exit
    /// The stream is over: release the outer subscription (if no task holds its iterator) and end.
    case stop
  }

  /// A ``Turn`` and what to do before taking it.
  @usableFromInline
  struct Step: Sendable {
    @usableFromInline var turn: Turn
    /// Workers to start (their indices, which are their producer slots in the buffer), so that a
    /// waiting inner subscription has a worker awake to take it.
    @usableFromInline var newWorkers: Range<Int> = 0..<0
    /// Idle workers woken for the same reason, and the end of the stream.
    @usableFromInline var effects = Effects()

    @inlinable
    init(_ turn: Turn) {
      self.turn = turn
    }
  }

  @usableFromInline var buffer: ProducerQueue<Value, Failure>
  @usableFromInline let maxPublishers: Int
  /// Inner subscriptions running or waiting for a worker, plus the slot reserved for the
  /// puller's next value.
  @usableFromInline var active = 0
  /// Subscribed inner publishers that no worker has taken yet.
  @usableFromInline var pending = RingBuffer<Inner>()
  @usableFromInline var isOuterFinished = false
  /// Whether a task holds the pull role (the outer iterator is out of the subscription).
  @usableFromInline var isPulling = true
  /// Workers started so far: the next one's index.
  @usableFromInline var startedWorkers = 0
  /// Workers awake and between inner subscriptions (including those woken or started and not
  /// yet running); a worker holding the pull role is not among them.
  @usableFromInline var seeking = 0
  /// Workers parked until there is an inner subscription to run (or the end).
  @usableFromInline var idle: [Waiter] = []

  @usableFromInline
  init(maxPublishers: Int, capacityPerInner: Int) {
    self.maxPublishers = maxPublishers
    // One producer slot per worker, and one more (index `maxPublishers`) for the outer task, which runs
    // immediate inner publishers (`Just`) itself.
    buffer = ProducerQueue(producers: maxPublishers + 1, capacity: capacityPerInner, refundsOnDrain: true)
  }

  /// Every slot is taken and no inner subscription waits for a worker: the inner publisher of the
  /// value being pulled has nobody to run it but the puller.
  @inlinable
  var isFullWithNothingQueued: Bool { pending.isEmpty && active >= maxPublishers }

  // MARK: Subscribing, for an immediate outer publisher

  /// Whether an immediate outer publisher may be pulled now, at subscription: a slot is free.
  @inlinable
  var hasFreeSlot: Bool { buffer.isOpen && active < maxPublishers }

  /// An immediate outer publisher's value arrived while the subscriber subscribed, and `inner`
  /// was subscribed in a free slot at once (Combine subscribes it then); a worker takes it once
  /// demand starts (``start()``).
  @inlinable
  mutating func subscribedAtOnce(_ inner: Inner) {
    active += 1
    pending.append(inner)
  }

  /// An immediate outer publisher ended while the subscriber subscribed.
  @inlinable
  mutating func outerFinishedAtOnce() -> Effects {
    isOuterFinished = true
    isPulling = false
    return active == 0 ? complete(.finished) : Effects()
  }

  // MARK: The puller

  /// The first demand, for the outer task: workers for the inner subscriptions made at once, then
  /// the first pull, or, with every slot taken, the role let go at once (the iterator is still in
  /// the subscription).
  @inlinable
  mutating func start() -> Step {
    var step = Step(.exit)
    while step.newWorkers.count < pending.count, startedWorkers < maxPublishers { recruit(into: &step) }
    guard buffer.isOpen else {
      step.turn = .stop
      return step
    }
    guard !isOuterFinished else { return step }
    if active < maxPublishers {
      active += 1
      step.turn = .pull(runsWhatItPulls: false)
    } else {
      isPulling = false
    }
    return step
  }

  /// The puller subscribed `inner` in the slot it reserved: it is queued for a worker (one is
  /// recruited if none is awake, unless the puller, a worker about to let go of the role with every
  /// slot taken, will run it itself), and the next slot is reserved, or every slot is taken.
  @inlinable
  mutating func subscribed(_ inner: Inner, by role: Role) -> Step {
    guard buffer.isOpen else {
      var step = Step(.stop)
      step.effects.release(inner)
      return step
    }
    pending.append(inner)
    var step = Step(.pull(runsWhatItPulls: false))
    let pullerRunsIt = role == .worker && active >= maxPublishers
    if seeking == 0 && !pullerRunsIt { recruit(into: &step) }
    if active < maxPublishers {
      active += 1
    } else {
      step.turn = .putBack
    }
    return step
  }

  /// The puller found every slot taken and has put the outer iterator back: it lets go of the role
  /// (the next task to free a slot picks it up) and the outer task ends, a worker seeks its next
  /// inner subscription at once. A slot freed meanwhile is reserved for the puller instead.
  @inlinable
  mutating func putBack(by role: Role) -> Step {
    guard buffer.isOpen else { return Step(.stop) }
    if active < maxPublishers {
      active += 1
      return Step(.pull(runsWhatItPulls: false))
    }
    isPulling = false
    guard role == .worker else { return Step(.exit) }
    seeking += 1
    return seek()
  }

  /// A worker told ``Turn/pull(runsWhatItPulls:)`` with `true` has its value and has put the outer
  /// iterator back: if every slot is still taken with nothing queued, it lets go of the role and
  /// runs the value's inner publisher itself (no subscription handed over, nobody woken).
  @inlinable
  mutating func pulledForItself() -> Step {
    guard buffer.isOpen else { return Step(.stop) }
    guard isFullWithNothingQueued else { return Step(.subscribePulled) }
    isPulling = false
    return Step(.runPulled)
  }

  /// The outer publisher finished: the slot reserved for its next value is given back, idle
  /// workers are let go, the stream finishes once no inner subscription is active, and a worker
  /// goes back to running inner subscriptions.
  @inlinable
  mutating func outerFinished(by role: Role) -> Step {
    isOuterFinished = true
    isPulling = false
    active -= 1
    var effects = Effects()
    seeking += idle.count
    effects.wake(idle)
    idle.removeAll()
    if active == 0 { effects.merge(complete(.finished)) }
    var step = Step(.exit)
    if role == .worker {
      seeking += 1
      step = seek()
    }
    step.effects.merge(effects)
    return step
  }

  // MARK: Workers

  /// A worker between inner subscriptions: the next waiting one (recruiting another worker if more
  /// wait and nobody else is awake), or park, or end.
  @inlinable
  mutating func seek() -> Step {
    guard buffer.isOpen else {
      seeking -= 1
      return Step(.stop)
    }
    guard let inner = pending.popFirst() else {
      guard isOuterFinished else { return Step(.park) }
      seeking -= 1
      return Step(.exit)
    }
    seeking -= 1
    var step = Step(.run(inner))
    if !pending.isEmpty && seeking == 0 { recruit(into: &step) }
    return step
  }

  /// Parks a worker that was told to; `false` (resume it at once) if there is something to do now.
  @inlinable
  mutating func parkIdle(_ waiter: Waiter) -> Bool {
    guard buffer.isOpen, pending.isEmpty, !isOuterFinished else { return false }
    seeking -= 1
    idle.append(waiter)
    return true
  }

  /// A worker's inner subscription finished, and its slot is free. If nobody holds the pull role,
  /// the worker takes it with that slot; otherwise the slot is given back (the stream finishes if
  /// that was the last active inner after the outer's end) and the worker seeks.
  @inlinable
  mutating func innerFinished() -> Step {
    if !isPulling && !isOuterFinished && buffer.isOpen {
      isPulling = true
      return Step(.pull(runsWhatItPulls: isFullWithNothingQueued))
    }
    active -= 1
    seeking += 1
    let effects = isOuterFinished && active == 0 ? complete(.finished) : Effects()
    var step = seek()
    step.effects.merge(effects)
    return step
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

  /// One more worker awake, if more concurrency is allowed: an idle one woken, or a new one
  /// started.
  @inlinable
  mutating func recruit(into step: inout Step) {
    if let waiter = idle.popLast() {
      seeking += 1
      step.effects.wake(waiter)
      return
    }
    guard startedWorkers < maxPublishers else { return }
    let index = startedWorkers
    startedWorkers += 1
    seeking += 1
    step.newWorkers = step.newWorkers.isEmpty ? index..<index + 1 : step.newWorkers.lowerBound..<index + 1
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
