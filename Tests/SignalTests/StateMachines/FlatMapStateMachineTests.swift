import Testing

@testable import Signal

@Suite struct FlatMapStateMachineTests {
  private typealias Machine = FlatMapStateMachine<Int, TestError, ReleaseProbe>

  private enum Turn: Equatable {
    case pull, pullRunningWhatItPulls, putBack, subscribePulled, runPulled, run(String), park, exit, stop
  }

  /// What a task was told: its turn, the workers it must start, and whom it wakes and releases first.
  private struct Said: Equatable {
    var turn: Turn
    var started: [Int] = []
    var woken: [String] = []
    var released: [String] = []

    init(_ turn: Turn, started: [Int] = [], woken: [String] = [], released: [String] = []) {
      self.turn = turn
      self.started = started
      self.woken = woken
      self.released = released
    }
  }

  private func said(_ step: Machine.Step, _ pool: WaiterPool? = nil) -> Said {
    let turn: Turn =
      switch step.turn {
      case .pull(let runsWhatItPulls): runsWhatItPulls ? .pullRunningWhatItPulls : .pull
      case .putBack: .putBack
      case .subscribePulled: .subscribePulled
      case .runPulled: .runPulled
      case .run(let inner): .run(inner.name)
      case .park: .park
      case .exit: .exit
      case .stop: .stop
      }
    var woken: [String] = []
    if !step.effects.wakeups.isEmpty {
      if let pool {
        woken = pool.resume(step.effects)
      } else {
        Issue.record("a task was woken that the test did not park")
        woken = ["?"]
      }
    }
    return Said(
      turn, started: Array(step.newWorkers), woken: woken, released: ReleaseProbe.names(releasedBy: step.effects))
  }

  private func started(maxPublishers: Int, capacityPerInner: Int = 4) -> Machine {
    var machine = Machine(maxPublishers: maxPublishers, capacityPerInner: capacityPerInner)
    var batch = RingBuffer<Int>()
    if case .startProducers = machine.refill(&batch, consumed: 0) {} else { Issue.record("no start on first demand") }
    return machine
  }

  /// The first demand was made and the outer task holds the pull role with the first slot.
  private func pulling(maxPublishers: Int) -> Machine {
    var machine = started(maxPublishers: maxPublishers)
    #expect(said(machine.start()) == Said(.pull))
    return machine
  }

  /// The outer task subscribed `a` in the first of `maxPublishers` slots (and reserved the next one
  /// if there is one); worker 0 started and took `a`.
  private func runningA(maxPublishers: Int) -> Machine {
    var machine = pulling(maxPublishers: maxPublishers)
    let next: Turn = maxPublishers > 1 ? .pull : .putBack
    #expect(said(machine.subscribed(ReleaseProbe("a"), by: .outerTask)) == Said(next, started: [0]))
    #expect(said(machine.seek()) == Said(.run("a")))
    return machine
  }

  private func drained(_ machine: inout Machine) -> [Int]? {
    var batch = RingBuffer<Int>()
    guard case .deliver = machine.refill(&batch, consumed: 0) else { return nil }
    var values: [Int] = []
    while let value = batch.popFirst() { values.append(value) }
    return values
  }

  private func isFinished(_ machine: inout Machine) -> Bool {
    var batch = RingBuffer<Int>()
    if case .finish = machine.refill(&batch, consumed: 0) { return true }
    return false
  }

  private func isQueued(_ action: ProducerQueue<Int, TestError>.PushAction) -> Bool {
    if case .queued = action { return true }
    return false
  }

  // MARK: The first demand

  @Test func theOuterTaskPullsNothingBeforeTheFirstDemand() {
    var machine = Machine(maxPublishers: 2, capacityPerInner: 4)
    #expect(said(machine.start()) == Said(.stop))
    #expect(said(machine.subscribed(ReleaseProbe("inner"), by: .outerTask)) == Said(.stop, released: ["inner"]))
  }

  @Test func theFirstDemandStartsAWorkerPerInnerSubscribedAtOnceAndLetsGoOfThePullRoleWhenFull() {
    var machine = Machine(maxPublishers: 2, capacityPerInner: 4)
    // An immediate outer publisher's values, while the subscriber subscribes.
    machine.buffer.beginSubscribing()
    #expect(machine.hasFreeSlot)
    machine.subscribedAtOnce(ReleaseProbe("a"))
    machine.subscribedAtOnce(ReleaseProbe("b"))
    #expect(!machine.hasFreeSlot)
    machine.buffer.endSubscribing()
    var batch = RingBuffer<Int>()
    if case .startProducers = machine.refill(&batch, consumed: 0) {} else { Issue.record("no start on first demand") }
    // Every slot is taken: the outer task lets go of the role at once (the iterator never left the subscription).
    #expect(said(machine.start()) == Said(.exit, started: [0, 1]))
    #expect(!machine.isPulling)
    #expect(said(machine.seek()) == Said(.run("a")))
    #expect(said(machine.seek()) == Said(.run("b")))
    // A worker that finishes picks the role up, into the last slot with nothing queued.
    #expect(said(machine.innerFinished()) == Said(.pullRunningWhatItPulls))
  }

  @Test func anImmediateOuterThatEndedAtOnceFinishesTheStreamAfterItsInners() {
    let pool = WaiterPool()
    var machine = Machine(maxPublishers: 2, capacityPerInner: 4)
    machine.buffer.beginSubscribing()
    machine.subscribedAtOnce(ReleaseProbe("a"))
    #expect(pool.resume(machine.outerFinishedAtOnce()).isEmpty)
    machine.buffer.endSubscribing()
    var batch = RingBuffer<Int>()
    if case .startProducers = machine.refill(&batch, consumed: 0) {} else { Issue.record("no start on first demand") }
    #expect(said(machine.start()) == Said(.exit, started: [0]))
    #expect(said(machine.seek()) == Said(.run("a")))
    #expect(said(machine.innerFinished(), pool) == Said(.stop))
    #expect(isFinished(&machine))
  }

  @Test func anImmediateOuterThatEndedAtOnceWithNothingActiveFinishesTheStreamAtOnce() {
    var machine = Machine(maxPublishers: 2, capacityPerInner: 4)
    machine.buffer.beginSubscribing()
    _ = machine.outerFinishedAtOnce()
    machine.buffer.endSubscribing()
    #expect(!machine.hasFreeSlot)
    #expect(isFinished(&machine))
  }

  // MARK: The pull role

  @Test func theOuterTaskPullsWhileASlotIsFreeWhateverTheConsumersPace() {
    var machine = pulling(maxPublishers: 2)
    #expect(said(machine.subscribed(ReleaseProbe("a"), by: .outerTask)) == Said(.pull, started: [0]))
    // The consumer has taken nothing; the second slot is free all the same. Worker 0 is starting
    // and will take `b` too: nobody is recruited.
    #expect(said(machine.subscribed(ReleaseProbe("b"), by: .outerTask)) == Said(.putBack))
  }

  @Test func theOuterTaskLetsGoOfThePullRoleWhenEverySlotIsTaken() {
    var machine = runningA(maxPublishers: 1)
    #expect(said(machine.putBack(by: .outerTask)) == Said(.exit))
    #expect(!machine.isPulling)
  }

  @Test func theWorkerThatFreesASlotPicksUpThePullRoleAndRunsWhatItPulledWithNobodyWoken() {
    var machine = runningA(maxPublishers: 1)
    #expect(said(machine.putBack(by: .outerTask)) == Said(.exit))
    // Worker 0 finishes `a`: the slot it frees is reserved for its own pull.
    #expect(said(machine.innerFinished()) == Said(.pullRunningWhatItPulls))
    #expect(machine.isPulling)
    // Subscribed as usual (had a slot freed meanwhile), every slot is taken again, so the worker
    // runs the inner itself: nobody is recruited, and letting go it takes it at once.
    #expect(said(machine.subscribed(ReleaseProbe("b"), by: .worker)) == Said(.putBack))
    #expect(said(machine.putBack(by: .worker)) == Said(.run("b")))
    #expect(!machine.isPulling)
  }

  @Test func thePullRoleIsHeldByOneTaskAtATime() {
    var machine = runningA(maxPublishers: 2)
    // The outer task holds the role: a finished inner's worker only seeks.
    #expect(said(machine.innerFinished()) == Said(.park))
    // Worker 0 is awake (about to park): nobody is recruited for `b`, and it does not park.
    #expect(said(machine.subscribed(ReleaseProbe("b"), by: .outerTask)) == Said(.pull))
    #expect(said(machine.seek()) == Said(.run("b")))
    #expect(said(machine.subscribed(ReleaseProbe("c"), by: .outerTask)) == Said(.putBack, started: [1]))
    #expect(said(machine.seek()) == Said(.run("c")))
    #expect(said(machine.putBack(by: .outerTask)) == Said(.exit))
    // The first worker to finish takes the role; the next one finds it taken.
    #expect(said(machine.innerFinished()) == Said(.pullRunningWhatItPulls))
    #expect(said(machine.innerFinished()) == Said(.park))
  }

  @Test func aSlotFreedWhileTheIteratorIsPutBackIsReservedForThePullerAtOnce() {
    var machine = runningA(maxPublishers: 1)
    // `a` finishes between the puller's `.putBack` and its letting go of the role.
    #expect(said(machine.innerFinished()) == Said(.park))
    #expect(said(machine.putBack(by: .outerTask)) == Said(.pull))
    #expect(machine.isPulling)
    #expect(said(machine.subscribed(ReleaseProbe("b"), by: .outerTask)) == Said(.putBack))
  }

  @Test func aPullingWorkerWithSlotsLeftRecruitsNobodyWhileAnotherWorkerIsAwake() {
    var machine = runningA(maxPublishers: 3)
    #expect(said(machine.subscribed(ReleaseProbe("b"), by: .outerTask)) == Said(.pull, started: [1]))
    #expect(said(machine.seek()) == Said(.run("b")))
    #expect(said(machine.subscribed(ReleaseProbe("c"), by: .outerTask)) == Said(.putBack, started: [2]))
    #expect(said(machine.seek()) == Said(.run("c")))
    #expect(said(machine.putBack(by: .outerTask)) == Said(.exit))
    #expect(said(machine.innerFinished()) == Said(.pullRunningWhatItPulls))
    // `b` finishes while the worker pulls: a slot is left, so the worker subscribes what it pulls as
    // usual and goes on pulling; the worker that finished `b` is awake and takes `d`.
    #expect(said(machine.innerFinished()) == Said(.park))
    #expect(said(machine.pulledForItself()) == Said(.subscribePulled))
    #expect(said(machine.subscribed(ReleaseProbe("d"), by: .worker)) == Said(.pull))
  }

  @Test func lettingGoAfterTheEndStops() {
    var machine = runningA(maxPublishers: 1)
    _ = machine.cancel(())
    #expect(said(machine.putBack(by: .outerTask)) == Said(.stop))
  }

  @Test func aWorkerWhosePullMeetsTheOutersEndGoesBackToRunningInners() {
    let pool = WaiterPool()
    var machine = runningA(maxPublishers: 2)
    #expect(said(machine.subscribed(ReleaseProbe("b"), by: .outerTask)) == Said(.putBack, started: [1]))
    #expect(said(machine.putBack(by: .outerTask)) == Said(.exit))
    // `b` waits for worker 1, so the worker that picks up the role does not run what it pulls.
    #expect(said(machine.innerFinished()) == Said(.pull))
    #expect(said(machine.outerFinished(by: .worker), pool) == Said(.run("b")))
    #expect(said(machine.innerFinished(), pool) == Said(.stop))
    #expect(isFinished(&machine))
  }

  @Test func aSubscribedInnerIsQueuedAndTheNextSlotReservedInOneStep() {
    var machine = pulling(maxPublishers: 2)
    #expect(said(machine.subscribed(ReleaseProbe("a"), by: .outerTask)) == Said(.pull, started: [0]))
    #expect(machine.active == 2)
    #expect(machine.pending.count == 1)
    _ = machine.cancel(())
    // After the end an inner is refused (and handed back to be released) and the puller stops.
    #expect(said(machine.subscribed(ReleaseProbe("late"), by: .outerTask)) == Said(.stop, released: ["late"]))
  }

  @Test func aWorkerWhoseInnerFinishedSeeksTheNextInTheSameStep() {
    var machine = runningA(maxPublishers: 2)
    #expect(said(machine.subscribed(ReleaseProbe("b"), by: .outerTask)) == Said(.putBack, started: [1]))
    // The outer task still holds the role, so the worker seeks, and finds `b`.
    #expect(said(machine.innerFinished()) == Said(.run("b")))
    // With nothing waiting, the worker parks.
    #expect(said(machine.innerFinished()) == Said(.park))
  }

  @Test func aWorkerTakingTheLastSlotWithNothingWaitingRunsWhatItPullsItself() {
    var machine = runningA(maxPublishers: 1)
    #expect(said(machine.putBack(by: .outerTask)) == Said(.exit))
    // `a` ends: the worker takes the role and the slot, the last one, and nothing waits.
    #expect(said(machine.innerFinished()) == Said(.pullRunningWhatItPulls))
    // Still full with nothing waiting once the value is there: it runs the inner itself.
    #expect(said(machine.pulledForItself()) == Said(.runPulled))
    // The role is let go (the next worker to finish picks it up); nobody was recruited or queued.
    #expect(!machine.isPulling)
    #expect(machine.pending.isEmpty)
    #expect(machine.active == 1)
    #expect(said(machine.innerFinished()) == Said(.pullRunningWhatItPulls))
  }

  @Test func aSlotFreedWhileTheWorkerPulledSendsItsInnerToTheQueue() {
    var machine = runningA(maxPublishers: 2)
    #expect(said(machine.subscribed(ReleaseProbe("b"), by: .outerTask)) == Said(.putBack, started: [1]))
    #expect(said(machine.seek()) == Said(.run("b")))
    #expect(said(machine.putBack(by: .outerTask)) == Said(.exit))
    #expect(said(machine.innerFinished()) == Said(.pullRunningWhatItPulls))
    // `b` ends while the worker pulls: a slot is free, so the value's inner is subscribed as usual.
    #expect(said(machine.innerFinished()) == Said(.park))
    #expect(said(machine.pulledForItself()) == Said(.subscribePulled))
    #expect(machine.isPulling)
  }

  @Test func aWorkerWithInnersWaitingDoesNotRunWhatItPullsItself() {
    var machine = runningA(maxPublishers: 2)
    #expect(said(machine.subscribed(ReleaseProbe("b"), by: .outerTask)) == Said(.putBack, started: [1]))
    #expect(said(machine.putBack(by: .outerTask)) == Said(.exit))
    // `b` waits for worker 1, which has not started yet: the puller must not skip the queue.
    #expect(said(machine.innerFinished()) == Said(.pull))
    _ = machine.cancel(())
    // After the end the puller stops.
    #expect(said(machine.pulledForItself()) == Said(.stop))
  }

  @Test func eachWaitingInnerIsHandedOnOnce() {
    // HandedSubscription has no lock: only the task the state machine hands it to may touch it.
    var machine = pulling(maxPublishers: 3)
    for name in ["a", "b", "c"] { _ = machine.subscribed(ReleaseProbe(name), by: .outerTask) }
    var handed: [String] = []
    while case .run(let name) = said(machine.seek()).turn { handed.append(name) }
    #expect(handed == ["a", "b", "c"])
    #expect(ReleaseProbe.names(releasedBy: machine.cancel(())).isEmpty)
  }

  // MARK: Workers

  @Test func aWorkerIsStartedOnlyWhenNoWorkerIsAwakeToTakeTheInner() {
    var machine = pulling(maxPublishers: 3)
    #expect(said(machine.subscribed(ReleaseProbe("a"), by: .outerTask)) == Said(.pull, started: [0]))
    // Worker 0 is starting and will take the next one too.
    #expect(said(machine.subscribed(ReleaseProbe("b"), by: .outerTask)) == Said(.pull))
    // Worker 0 takes `a`, and since `b` waits with nobody awake, recruits worker 1.
    #expect(said(machine.seek()) == Said(.run("a"), started: [1]))
    #expect(said(machine.seek()) == Said(.run("b")))
    #expect(said(machine.subscribed(ReleaseProbe("c"), by: .outerTask)) == Said(.putBack, started: [2]))
  }

  @Test func noMoreWorkersThanMaxPublishersAreStarted() {
    var machine = runningA(maxPublishers: 1)
    #expect(said(machine.innerFinished()) == Said(.park))
    #expect(said(machine.putBack(by: .outerTask)) == Said(.pull))
    // Worker 0 is between inners (awake): nobody else is recruited.
    #expect(said(machine.subscribed(ReleaseProbe("b"), by: .outerTask)) == Said(.putBack))
    #expect(said(machine.seek()) == Said(.run("b")))
  }

  @Test func anIdleWorkerIsWokenForTheNextInnerRatherThanANewOneStarted() async {
    let pool = WaiterPool()
    var machine = runningA(maxPublishers: 2)
    #expect(said(machine.innerFinished()) == Said(.park))
    let parked = machine.parkIdle(await pool.make("worker 0"))
    #expect(parked)
    #expect(said(machine.subscribed(ReleaseProbe("b"), by: .outerTask), pool) == Said(.pull, woken: ["worker 0"]))
    #expect(said(machine.seek()) == Said(.run("b")))
  }

  @Test func aWorkerDoesNotParkWhenAnInnerIsWaitingOrTheOuterFinished() async {
    let pool = WaiterPool()
    var machine = pulling(maxPublishers: 2)
    #expect(said(machine.subscribed(ReleaseProbe("a"), by: .outerTask)) == Said(.pull, started: [0]))
    let parkedWithWork = machine.parkIdle(await pool.make("worker"))
    #expect(!parkedWithWork)
    #expect(said(machine.seek()) == Said(.run("a")))
    #expect(said(machine.outerFinished(by: .outerTask)) == Said(.exit))
    let parkedAfterTheOuter = machine.parkIdle(await pool.make("late worker"))
    #expect(!parkedAfterTheOuter)
  }

  @Test func eachInnerHasItsOwnRoomInTheBuffer() {
    var machine = started(maxPublishers: 2, capacityPerInner: 1)
    #expect(isQueued(machine.buffer.push(1, from: 0)))
    if case .full = machine.buffer.push(2, from: 0) {} else { Issue.record("worker 0 got more than its room") }
    #expect(isQueued(machine.buffer.push(10, from: 1)))
    #expect(drained(&machine) == [1, 10])
  }

  // MARK: Finish

  @Test func theStreamFinishesWhenTheOuterAndEveryInnerHaveAfterTheQueuedValues() async {
    let pool = WaiterPool()
    var machine = runningA(maxPublishers: 2)
    // The outer finishes while `a` runs: not the end yet.
    #expect(said(machine.outerFinished(by: .outerTask)) == Said(.exit))
    #expect(isQueued(machine.buffer.push(1, from: 0)))
    let parked = machine.parkConsumer(await pool.make("consumer"))
    #expect(!parked)
    // The last inner finishes: the stream completes, after the value queued before.
    #expect(said(machine.innerFinished(), pool) == Said(.stop))
    #expect(drained(&machine) == [1])
    #expect(isFinished(&machine))
  }

  @Test func theOutersFinishLetsIdleWorkersGoAndEndsAStreamWithNoActiveInner() async {
    let pool = WaiterPool()
    var machine = runningA(maxPublishers: 2)
    #expect(said(machine.innerFinished()) == Said(.park))
    let workerParked = machine.parkIdle(await pool.make("worker"))
    #expect(workerParked)
    let consumerParked = machine.parkConsumer(await pool.make("consumer"))
    #expect(consumerParked)
    let ended = said(machine.outerFinished(by: .outerTask), pool)
    #expect(ended.turn == .exit)
    #expect(Set(ended.woken) == ["worker", "consumer"])
    #expect(said(machine.seek()) == Said(.stop))
    #expect(isFinished(&machine))
  }

  @Test func aWorkerThatSeesTheOutersEndWakesTheIdleWorkersAndRunsWhatWaits() async {
    let pool = WaiterPool()
    var machine = runningA(maxPublishers: 3)
    #expect(said(machine.subscribed(ReleaseProbe("b"), by: .outerTask)) == Said(.pull, started: [1]))
    #expect(said(machine.seek()) == Said(.run("b")))
    #expect(said(machine.subscribed(ReleaseProbe("c"), by: .outerTask)) == Said(.putBack, started: [2]))
    #expect(said(machine.putBack(by: .outerTask)) == Said(.exit))
    // Worker 1 finishes `b` and picks up the role; worker 2 has not taken `c` yet.
    #expect(said(machine.innerFinished()) == Said(.pull))
    #expect(said(machine.seek()) == Said(.run("c")))
    #expect(said(machine.innerFinished()) == Said(.park))
    let parked = machine.parkIdle(await pool.make("worker 2"))
    #expect(parked)
    // The outer ends under worker 1: worker 2 is let go, worker 1 seeks (nothing waits: it ends).
    #expect(said(machine.outerFinished(by: .worker), pool) == Said(.exit, woken: ["worker 2"]))
    #expect(said(machine.seek()) == Said(.exit))
    #expect(said(machine.innerFinished(), pool) == Said(.stop))
    #expect(isFinished(&machine))
  }

  // MARK: Failure

  @Test func aFailureComesAfterTheQueuedValuesReleasesWaitingInnersAndCancelsTheTasks() {
    let pool = WaiterPool()
    var machine = started(maxPublishers: 2)
    let task = Task {}
    let adopted = machine.adopt(task)
    #expect(adopted)
    #expect(said(machine.start()) == Said(.pull))
    #expect(said(machine.subscribed(ReleaseProbe("a"), by: .outerTask)) == Said(.pull, started: [0]))
    #expect(said(machine.seek()) == Said(.run("a")))
    #expect(said(machine.subscribed(ReleaseProbe("b"), by: .outerTask)) == Said(.putBack, started: [1]))
    #expect(said(machine.putBack(by: .outerTask)) == Said(.exit))
    #expect(isQueued(machine.buffer.push(1, from: 0)))
    let effects = machine.complete(.failure(.boom))
    #expect(effects.tasksToCancel == [task])
    #expect(ReleaseProbe.names(releasedBy: effects) == ["b"])
    #expect(pool.resume(effects).isEmpty)
    // The first ending wins.
    #expect(machine.complete(.finished).isEmpty)
    #expect(drained(&machine) == [1])
    var batch = RingBuffer<Int>()
    if case .fail(let error, _) = machine.refill(&batch, consumed: 0) {
      #expect(error == .boom)
    } else {
      Issue.record("the failure was not delivered")
    }
    #expect(said(machine.seek()) == Said(.stop))
    #expect(said(machine.innerFinished()) == Said(.stop))
  }

  // MARK: Cancellation

  @Test func cancellingReleasesWaitingInnersWakesEveryoneAndCancelsTheTasks() async {
    let pool = WaiterPool()
    var machine = started(maxPublishers: 3)
    let outerTask = Task {}
    let workerTask = Task {}
    let adoptedOuter = machine.adopt(outerTask)
    let adoptedWorker = machine.adopt(workerTask)
    #expect(adoptedOuter && adoptedWorker)
    #expect(said(machine.start()) == Said(.pull))
    #expect(said(machine.subscribed(ReleaseProbe("a"), by: .outerTask)) == Said(.pull, started: [0]))
    #expect(said(machine.seek()) == Said(.run("a")))
    #expect(said(machine.innerFinished()) == Said(.park))
    let workerParked = machine.parkIdle(await pool.make("idle worker"))
    #expect(workerParked)
    #expect(isQueued(machine.buffer.push(1, from: 0)))
    #expect(said(machine.subscribed(ReleaseProbe("b"), by: .outerTask), pool) == Said(.pull, woken: ["idle worker"]))
    #expect(said(machine.subscribed(ReleaseProbe("c"), by: .outerTask)) == Said(.pull))
    let effects = machine.cancel(())
    #expect(effects.tasksToCancel == [outerTask, workerTask])
    #expect(ReleaseProbe.names(releasedBy: effects) == ["b", "c"])
    #expect(pool.resume(effects).isEmpty)
    var batch = RingBuffer<Int>()
    if case .finish = machine.refill(&batch, consumed: 0) {} else { Issue.record("a cancelled stream did not finish") }
    #expect(batch.isEmpty)
    #expect(said(machine.putBack(by: .outerTask)) == Said(.stop))
    #expect(said(machine.seek()) == Said(.stop))
    #expect(said(machine.subscribed(ReleaseProbe("late"), by: .outerTask)) == Said(.stop, released: ["late"]))
    let adoptedAfterTheEnd = machine.adopt(Task {})
    #expect(!adoptedAfterTheEnd)
    #expect(machine.cancel(()).isEmpty)
  }

  @Test func cancellingWakesTheParkedConsumerAndIdleWorkersAndStopsThePullRole() async {
    let pool = WaiterPool()
    var machine = runningA(maxPublishers: 2)
    #expect(said(machine.innerFinished()) == Said(.park))
    let workerParked = machine.parkIdle(await pool.make("idle worker"))
    #expect(workerParked)
    let consumerParked = machine.parkConsumer(await pool.make("consumer"))
    #expect(consumerParked)
    #expect(Set(pool.resume(machine.cancel(()))) == ["idle worker", "consumer"])
    #expect(pool.parked.isEmpty)
    #expect(said(machine.putBack(by: .outerTask)) == Said(.stop))
    #expect(said(machine.pulledForItself()) == Said(.stop))
  }
}
