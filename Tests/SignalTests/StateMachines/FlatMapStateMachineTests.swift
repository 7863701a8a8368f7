import Testing

@testable import Signal

@Suite struct FlatMapStateMachineTests {
  private typealias Machine = FlatMapStateMachine<Int, TestError, ReleaseProbe>

  private enum Outer: Equatable {
    case pull, full, stop
  }

  private enum PutDown: Equatable {
    case pull, putDown, stop
  }

  /// What a worker does after its inner publisher finished.
  private enum AfterInner: Equatable {
    case seek(woken: [String])
    case pull
  }

  private enum Recruited: Equatable {
    case nobody
    case woken(String)
    case started(Int)
  }

  private enum Step: Equatable {
    case run(String, Recruited)
    case park
    case exit
  }

  private func started(maxPublishers: Int, capacityPerInner: Int = 4) -> Machine {
    var machine = Machine(maxPublishers: maxPublishers, capacityPerInner: capacityPerInner)
    var batch = RingBuffer<Int>()
    if case .startProducers = machine.refill(&batch, consumed: 0) {} else { Issue.record("no start on first demand") }
    return machine
  }

  /// The outer task subscribed `a` in the first of `maxPublishers` slots; worker 0 started and took it.
  private func runningA(maxPublishers: Int) -> Machine {
    var machine = started(maxPublishers: maxPublishers)
    #expect(reserve(&machine) == .pull)
    #expect(enqueue(ReleaseProbe("a"), &machine) == .started(0))
    #expect(nextInner(&machine) == .run("a", .nobody))
    return machine
  }

  private func reserve(_ machine: inout Machine) -> Outer {
    switch machine.reserveSlot() {
    case .pull: .pull
    case .full: .full
    case .stop: .stop
    }
  }

  private func putDown(_ machine: inout Machine, byWorker: Bool) -> PutDown {
    switch machine.putDown(byWorker: byWorker) {
    case .pull: .pull
    case .putDown: .putDown
    case .stop: .stop
    }
  }

  private func innerFinished(_ machine: inout Machine, pool: WaiterPool = WaiterPool()) -> AfterInner {
    switch machine.innerFinished() {
    case .seek(let effects): .seek(woken: pool.resume(effects))
    case .pull: .pull
    }
  }

  private func recruited(_ recruit: Machine.Recruit, pool: WaiterPool?) -> Recruited {
    switch recruit {
    case .none: return .nobody
    case .start(let index): return .started(index)
    case .wake(let waiter):
      guard let pool else {
        Issue.record("a worker was woken that the test did not park")
        return .woken("?")
      }
      return .woken(pool.resume(waiter))
    }
  }

  /// The puller subscribed `inner`: what it was told to recruit, `nil` if the stream was closed.
  private func enqueue(
    _ inner: ReleaseProbe, _ machine: inout Machine, byWorker: Bool = false, pool: WaiterPool? = nil
  ) -> Recruited? {
    guard case .queued(let recruit) = machine.enqueue(inner, byWorker: byWorker) else { return nil }
    return recruited(recruit, pool: pool)
  }

  private func nextInner(_ machine: inout Machine, pool: WaiterPool? = nil) -> Step {
    switch machine.nextInner() {
    case .run(let inner, let recruit): .run(inner.name, recruited(recruit, pool: pool))
    case .park: .park
    case .exit: .exit
    }
  }

  private func drained(_ machine: inout Machine) -> [Int]? {
    var batch = RingBuffer<Int>()
    guard case .deliver = machine.refill(&batch, consumed: 0) else { return nil }
    var values: [Int] = []
    while let value = batch.popFirst() { values.append(value) }
    return values
  }

  private func isQueued(_ action: ProducerQueue<Int, TestError>.PushAction) -> Bool {
    if case .queued = action { return true }
    return false
  }

  // MARK: The outer task

  @Test func theOuterTaskPullsNothingBeforeTheFirstDemand() {
    var machine = Machine(maxPublishers: 2, capacityPerInner: 4)
    #expect(reserve(&machine) == .stop)
    #expect(enqueue(ReleaseProbe("inner"), &machine) == nil)
  }

  @Test func theOuterTaskPullsWhileASlotIsFreeWhateverTheConsumersPace() {
    var machine = started(maxPublishers: 2)
    #expect(reserve(&machine) == .pull)
    #expect(enqueue(ReleaseProbe("a"), &machine) == .started(0))
    // The consumer has taken nothing; the second slot is free all the same.
    #expect(reserve(&machine) == .pull)
    #expect(enqueue(ReleaseProbe("b"), &machine) == .nobody)
    #expect(reserve(&machine) == .full)
  }

  @Test func theOuterTaskPutsThePullRoleDownWhenEverySlotIsTaken() {
    var machine = started(maxPublishers: 1)
    #expect(reserve(&machine) == .pull)
    #expect(enqueue(ReleaseProbe("a"), &machine) == .started(0))
    #expect(reserve(&machine) == .full)
    #expect(putDown(&machine, byWorker: false) == .putDown)
    #expect(!machine.isPulling)
  }

  @Test func theWorkerThatFreesASlotPicksUpThePullRoleAndRunsWhatItPulledWithNobodyWoken() {
    var machine = runningA(maxPublishers: 1)
    #expect(reserve(&machine) == .full)
    #expect(putDown(&machine, byWorker: false) == .putDown)
    // Worker 0 finishes `a`: the slot it frees is reserved for its own pull.
    #expect(innerFinished(&machine) == .pull)
    #expect(machine.isPulling)
    // Every slot is taken again, so the worker runs the inner itself: nobody is recruited.
    #expect(enqueue(ReleaseProbe("b"), &machine, byWorker: true) == .nobody)
    #expect(reserve(&machine) == .full)
    #expect(putDown(&machine, byWorker: true) == .putDown)
    #expect(nextInner(&machine) == .run("b", .nobody))
  }

  @Test func thePullRoleIsHeldByOneTaskAtATime() {
    var machine = runningA(maxPublishers: 2)
    #expect(reserve(&machine) == .pull)
    // The outer task holds the role: a finished inner's worker only seeks.
    #expect(innerFinished(&machine) == .seek(woken: []))
    #expect(enqueue(ReleaseProbe("b"), &machine) == .nobody)
    #expect(nextInner(&machine) == .run("b", .nobody))
    #expect(reserve(&machine) == .pull)
    #expect(enqueue(ReleaseProbe("c"), &machine) == .started(1))
    #expect(nextInner(&machine) == .run("c", .nobody))
    #expect(reserve(&machine) == .full)
    #expect(putDown(&machine, byWorker: false) == .putDown)
    // The first worker to finish takes the role; the next one finds it taken.
    #expect(innerFinished(&machine) == .pull)
    #expect(innerFinished(&machine) == .seek(woken: []))
  }

  @Test func aSlotFreedWhileTheIteratorIsPutBackIsReservedForThePullerAtOnce() {
    var machine = runningA(maxPublishers: 1)
    #expect(reserve(&machine) == .full)
    // `a` finishes between the puller's `.full` and its putting the role down.
    #expect(innerFinished(&machine) == .seek(woken: []))
    #expect(putDown(&machine, byWorker: false) == .pull)
    #expect(machine.isPulling)
    #expect(enqueue(ReleaseProbe("b"), &machine) == .nobody)
  }

  @Test func aPullingWorkerWithSlotsLeftRecruitsAnotherForTheInnerItSubscribed() {
    var machine = runningA(maxPublishers: 3)
    #expect(reserve(&machine) == .pull)
    #expect(enqueue(ReleaseProbe("b"), &machine) == .started(1))
    #expect(nextInner(&machine) == .run("b", .nobody))
    #expect(reserve(&machine) == .pull)
    #expect(enqueue(ReleaseProbe("c"), &machine) == .started(2))
    #expect(nextInner(&machine) == .run("c", .nobody))
    #expect(reserve(&machine) == .full)
    #expect(putDown(&machine, byWorker: false) == .putDown)
    #expect(innerFinished(&machine) == .pull)
    // The pulling worker is not awake for inners, and it goes on pulling (a slot is left when
    // `b` finishes): another worker must take `d`.
    #expect(innerFinished(&machine) == .seek(woken: []))
    #expect(nextInner(&machine) == .park)
    #expect(enqueue(ReleaseProbe("d"), &machine, byWorker: true) == .nobody)
  }

  @Test func putDownAfterTheEndStops() {
    var machine = started(maxPublishers: 1)
    #expect(reserve(&machine) == .pull)
    #expect(enqueue(ReleaseProbe("a"), &machine) == .started(0))
    #expect(reserve(&machine) == .full)
    _ = machine.cancel(())
    #expect(putDown(&machine, byWorker: false) == .stop)
  }

  @Test func aWorkerWhosePullMeetsTheOutersEndGoesBackToRunningInners() async {
    let pool = WaiterPool()
    var machine = runningA(maxPublishers: 2)
    #expect(reserve(&machine) == .pull)
    #expect(enqueue(ReleaseProbe("b"), &machine) == .started(1))
    #expect(reserve(&machine) == .full)
    #expect(putDown(&machine, byWorker: false) == .putDown)
    #expect(innerFinished(&machine) == .pull)
    #expect(pool.resume(machine.outerFinished(byWorker: true)).isEmpty)
    #expect(nextInner(&machine) == .run("b", .nobody))
    #expect(innerFinished(&machine) == .seek(woken: []))
    #expect(nextInner(&machine) == .exit)
    var batch = RingBuffer<Int>()
    if case .finish = machine.refill(&batch, consumed: 0) {} else { Issue.record("the stream did not finish") }
  }

  // MARK: Fused steps

  @Test func enqueueAndReserveIsAnEnqueueThenAReservationUnderOneLock() {
    var machine = started(maxPublishers: 2)
    #expect(reserve(&machine) == .pull)
    let (first, next) = machine.enqueueAndReserve(ReleaseProbe("a"), byWorker: false)
    guard case .queued(.start(0)) = first, case .pull = next else {
      Issue.record("a first inner with a slot left: worker 0 started, the next pull reserved")
      return
    }
    let (second, full) = machine.enqueueAndReserve(ReleaseProbe("b"), byWorker: false)
    guard case .queued(.none) = second, case .full = full else {
      Issue.record("the second inner fills the last slot: nobody recruited (worker 0 is starting), full")
      return
    }
    _ = machine.cancel(())
    let (closed, stop) = machine.enqueueAndReserve(ReleaseProbe("late"), byWorker: false)
    guard case .closed = closed, case .stop = stop else {
      Issue.record("after the end an inner is refused and the puller stops")
      return
    }
  }

  @Test func aWorkerPuttingTheRoleDownTakesTheNextInnerInTheSameStep() {
    var machine = runningA(maxPublishers: 1)
    #expect(reserve(&machine) == .full)
    guard case .next(.exit) = machine.putDownAndSeek(byWorker: false) else {
      Issue.record("the outer task ends when it puts the role down")
      return
    }
    #expect(innerFinished(&machine) == .pull)
    #expect(enqueue(ReleaseProbe("b"), &machine, byWorker: true) == .nobody)
    #expect(reserve(&machine) == .full)
    guard case .next(.run(let inner, .none)) = machine.putDownAndSeek(byWorker: true) else {
      Issue.record("the worker runs what it pulled")
      return
    }
    #expect(inner.name == "b")
    #expect(!machine.isPulling)
  }

  @Test func aWorkerWhoseInnerFinishedSeeksTheNextInTheSameStep() {
    var machine = runningA(maxPublishers: 2)
    #expect(reserve(&machine) == .pull)
    #expect(enqueue(ReleaseProbe("b"), &machine) == .started(1))
    // The outer task still holds the role, so the worker seeks, and finds `b`.
    guard case .next(let effects, .run(let inner, .none)) = machine.innerFinishedAndSeek() else {
      Issue.record("the worker takes the waiting inner")
      return
    }
    #expect(effects.isEmpty)
    #expect(inner.name == "b")
    guard case .next(_, .park) = machine.innerFinishedAndSeek() else {
      Issue.record("with nothing waiting, the worker parks")
      return
    }
  }

  @Test func aWorkerTakingTheLastSlotWithNothingWaitingRunsWhatItPullsItself() {
    var machine = runningA(maxPublishers: 1)
    #expect(reserve(&machine) == .full)
    #expect(putDown(&machine, byWorker: false) == .putDown)
    // `a` ends: the worker takes the role and the slot, the last one, and nothing waits.
    guard case .pull(mayRunItself: true) = machine.innerFinishedAndSeek() else {
      Issue.record("the worker may run what it pulls itself")
      return
    }
    guard case .runItself = machine.arrivedForWorker() else {
      Issue.record("still full with nothing waiting: it runs the inner itself")
      return
    }
    // The role is down (the next worker to finish picks it up); nobody was recruited or queued.
    #expect(!machine.isPulling)
    #expect(machine.pending.isEmpty)
    #expect(machine.active == 1)
    #expect(innerFinished(&machine) == .pull)
  }

  @Test func aSlotFreedWhileTheWorkerPulledSendsItsInnerToTheQueue() {
    var machine = runningA(maxPublishers: 2)
    #expect(reserve(&machine) == .pull)
    #expect(enqueue(ReleaseProbe("b"), &machine) == .started(1))
    #expect(nextInner(&machine) == .run("b", .nobody))
    #expect(reserve(&machine) == .full)
    #expect(putDown(&machine, byWorker: false) == .putDown)
    guard case .pull(mayRunItself: true) = machine.innerFinishedAndSeek() else {
      Issue.record("every slot taken, nothing waiting")
      return
    }
    // `b` ends while the worker pulls: a slot is free, so the value's inner is queued as usual.
    #expect(innerFinished(&machine) == .seek(woken: []))
    guard case .enqueue = machine.arrivedForWorker() else {
      Issue.record("a free slot: the puller queues its inner and pulls on")
      return
    }
    #expect(machine.isPulling)
  }

  @Test func aWorkerWithInnersWaitingDoesNotRunWhatItPullsItself() {
    var machine = runningA(maxPublishers: 2)
    #expect(reserve(&machine) == .pull)
    #expect(enqueue(ReleaseProbe("b"), &machine) == .started(1))
    #expect(reserve(&machine) == .full)
    #expect(putDown(&machine, byWorker: false) == .putDown)
    // `b` waits for worker 1, which has not started yet: the puller must not skip the queue.
    guard case .pull(mayRunItself: false) = machine.innerFinishedAndSeek() else {
      Issue.record("an inner waits: the puller queues what it pulls")
      return
    }
    _ = machine.cancel(())
    guard case .stop = machine.arrivedForWorker() else {
      Issue.record("after the end the puller stops")
      return
    }
  }

  @Test func eachWaitingInnerIsHandedOnOnce() {
    // HandedSubscription has no lock: only the task the state machine hands it to may touch it.
    var machine = started(maxPublishers: 3)
    var handed: [String] = []
    for name in ["a", "b", "c"] {
      #expect(reserve(&machine) == .pull)
      _ = enqueue(ReleaseProbe(name), &machine)
    }
    while case .run(let name, _) = nextInner(&machine) { handed.append(name) }
    #expect(handed == ["a", "b", "c"])
    #expect(ReleaseProbe.names(releasedBy: machine.cancel(())).isEmpty)
  }

  // MARK: Workers

  @Test func aWorkerIsStartedOnlyWhenNoWorkerIsAwakeToTakeTheInner() {
    var machine = started(maxPublishers: 3)
    #expect(reserve(&machine) == .pull)
    #expect(enqueue(ReleaseProbe("a"), &machine) == .started(0))
    // Worker 0 is starting and will take the next one too.
    #expect(reserve(&machine) == .pull)
    #expect(enqueue(ReleaseProbe("b"), &machine) == .nobody)
    // Worker 0 takes `a`, and since `b` waits with nobody awake, recruits worker 1.
    #expect(nextInner(&machine) == .run("a", .started(1)))
    #expect(nextInner(&machine) == .run("b", .nobody))
    #expect(reserve(&machine) == .pull)
    #expect(enqueue(ReleaseProbe("c"), &machine) == .started(2))
  }

  @Test func noMoreWorkersThanMaxPublishersAreStarted() {
    var machine = runningA(maxPublishers: 1)
    #expect(innerFinished(&machine) == .seek(woken: []))
    #expect(reserve(&machine) == .pull)
    // Worker 0 is between inners (awake): nobody else is recruited.
    #expect(enqueue(ReleaseProbe("b"), &machine) == .nobody)
    #expect(nextInner(&machine) == .run("b", .nobody))
  }

  @Test func anIdleWorkerIsWokenForTheNextInnerRatherThanANewOneStarted() async {
    let pool = WaiterPool()
    var machine = runningA(maxPublishers: 2)
    #expect(innerFinished(&machine) == .seek(woken: []))
    #expect(nextInner(&machine) == .park)
    let parked = machine.parkIdle(await pool.make("worker 0"))
    #expect(parked)
    #expect(reserve(&machine) == .pull)
    #expect(enqueue(ReleaseProbe("b"), &machine, pool: pool) == .woken("worker 0"))
    #expect(nextInner(&machine) == .run("b", .nobody))
  }

  @Test func aWorkerDoesNotParkWhenAnInnerIsWaitingOrTheOuterFinished() async {
    let pool = WaiterPool()
    var machine = started(maxPublishers: 2)
    #expect(reserve(&machine) == .pull)
    #expect(enqueue(ReleaseProbe("a"), &machine) == .started(0))
    let parkedWithWork = machine.parkIdle(await pool.make("worker"))
    #expect(!parkedWithWork)
    #expect(nextInner(&machine) == .run("a", .nobody))
    #expect(reserve(&machine) == .pull)
    _ = machine.outerFinished(byWorker: false)
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
    #expect(reserve(&machine) == .pull)
    // The outer finishes while `a` runs: not the end yet.
    let outerEnd = machine.outerFinished(byWorker: false)
    #expect(outerEnd.isEmpty)
    #expect(isQueued(machine.buffer.push(1, from: 0)))
    let parked = machine.parkConsumer(await pool.make("consumer"))
    #expect(!parked)
    // The last inner finishes: the stream completes, after the value queued before.
    #expect(innerFinished(&machine, pool: pool) == .seek(woken: []))
    #expect(nextInner(&machine) == .exit)
    #expect(drained(&machine) == [1])
    var batch = RingBuffer<Int>()
    if case .finish = machine.refill(&batch, consumed: 0) {} else { Issue.record("the stream did not finish") }
  }

  @Test func theOutersFinishLetsIdleWorkersGoAndEndsAStreamWithNoActiveInner() async {
    let pool = WaiterPool()
    var machine = runningA(maxPublishers: 2)
    #expect(innerFinished(&machine) == .seek(woken: []))
    #expect(nextInner(&machine) == .park)
    let workerParked = machine.parkIdle(await pool.make("worker"))
    #expect(workerParked)
    let consumerParked = machine.parkConsumer(await pool.make("consumer"))
    #expect(consumerParked)
    #expect(reserve(&machine) == .pull)
    let effects = machine.outerFinished(byWorker: false)
    #expect(Set(pool.resume(effects)) == ["worker", "consumer"])
    #expect(nextInner(&machine) == .exit)
    var batch = RingBuffer<Int>()
    if case .finish = machine.refill(&batch, consumed: 0) {} else { Issue.record("the stream did not finish") }
  }

  // MARK: Failure

  @Test func aFailureComesAfterTheQueuedValuesReleasesWaitingInnersAndCancelsTheTasks() {
    let pool = WaiterPool()
    var machine = started(maxPublishers: 2)
    let task = Task {}
    let adopted = machine.adopt(task)
    #expect(adopted)
    #expect(reserve(&machine) == .pull)
    #expect(enqueue(ReleaseProbe("a"), &machine) == .started(0))
    #expect(nextInner(&machine) == .run("a", .nobody))
    #expect(reserve(&machine) == .pull)
    #expect(enqueue(ReleaseProbe("b"), &machine) == .started(1))
    #expect(reserve(&machine) == .full)
    #expect(putDown(&machine, byWorker: false) == .putDown)
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
    #expect(nextInner(&machine) == .exit)
    #expect(reserve(&machine) == .stop)
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
    #expect(reserve(&machine) == .pull)
    #expect(enqueue(ReleaseProbe("a"), &machine) == .started(0))
    #expect(nextInner(&machine) == .run("a", .nobody))
    #expect(innerFinished(&machine) == .seek(woken: []))
    #expect(nextInner(&machine) == .park)
    let workerParked = machine.parkIdle(await pool.make("idle worker"))
    #expect(workerParked)
    #expect(isQueued(machine.buffer.push(1, from: 0)))
    #expect(reserve(&machine) == .pull)
    #expect(enqueue(ReleaseProbe("b"), &machine, pool: pool) == .woken("idle worker"))
    #expect(reserve(&machine) == .pull)
    #expect(enqueue(ReleaseProbe("c"), &machine) == .nobody)
    let effects = machine.cancel(())
    #expect(effects.tasksToCancel == [outerTask, workerTask])
    #expect(ReleaseProbe.names(releasedBy: effects) == ["b", "c"])
    #expect(pool.resume(effects).isEmpty)
    var batch = RingBuffer<Int>()
    if case .finish = machine.refill(&batch, consumed: 0) {} else { Issue.record("a cancelled stream did not finish") }
    #expect(batch.isEmpty)
    #expect(reserve(&machine) == .stop)
    #expect(nextInner(&machine) == .exit)
    let late = ReleaseProbe("late")
    #expect(enqueue(late, &machine) == nil)
    let adoptedAfterTheEnd = machine.adopt(Task {})
    #expect(!adoptedAfterTheEnd)
    #expect(machine.cancel(()).isEmpty)
  }

  @Test func cancellingWakesTheParkedConsumerAndIdleWorkersAndStopsThePullRole() async {
    let pool = WaiterPool()
    var machine = runningA(maxPublishers: 2)
    #expect(innerFinished(&machine) == .seek(woken: []))
    #expect(nextInner(&machine) == .park)
    let workerParked = machine.parkIdle(await pool.make("idle worker"))
    #expect(workerParked)
    let consumerParked = machine.parkConsumer(await pool.make("consumer"))
    #expect(consumerParked)
    #expect(Set(pool.resume(machine.cancel(()))) == ["idle worker", "consumer"])
    #expect(pool.parked.isEmpty)
    #expect(putDown(&machine, byWorker: false) == .stop)
  }
}
