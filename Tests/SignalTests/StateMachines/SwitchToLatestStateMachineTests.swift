import Testing

@testable import Signal

@Suite struct SwitchToLatestStateMachineTests {
  private typealias Machine = SwitchToLatestStateMachine<Int, TestError>

  private func started(capacity: Int = 4) -> Machine {
    var machine = Machine(capacity: capacity)
    var batch = RingBuffer<Int>()
    if case .startProducers = machine.refill(&batch, consumed: 0) {} else { Issue.record("no start on first demand") }
    return machine
  }

  /// Switches to `inner`; returns its generation and the switch's effects, `nil` if the stream was closed.
  private func switchTo(_ inner: ReleaseProbe, _ machine: inout Machine) -> (generation: Int, effects: Effects)? {
    guard case .run(let generation, let effects) = machine.switchInner(to: inner) else { return nil }
    return (generation, effects)
  }

  private enum Refill: Equatable {
    case start
    case deliver([Int])
    case suspend
    case finish
    case fail(TestError)
  }

  private func refill(_ machine: inout Machine) -> Refill {
    var batch = RingBuffer<Int>()
    let action = machine.refill(&batch, consumed: 0)
    var values: [Int] = []
    while let value = batch.popFirst() { values.append(value) }
    switch action {
    case .startProducers: return .start
    case .deliver: return .deliver(values)
    case .suspend: return .suspend
    case .finish: return .finish
    case .fail(let error, _): return .fail(error)
    }
  }

  private func isQueued(_ action: ProducerQueue<Int, TestError>.PushAction) -> Bool {
    if case .queued = action { return true }
    return false
  }

  // MARK: Switching

  @Test func noInnerRunsBeforeTheFirstDemand() {
    var machine = Machine(capacity: 4)
    #expect(switchTo(ReleaseProbe("inner"), &machine) == nil)
  }

  @Test func theFirstInnerRunsAsGenerationOneWithNothingToUndo() {
    var machine = started()
    guard let (generation, effects) = switchTo(ReleaseProbe("a"), &machine) else {
      Issue.record("the first inner did not run")
      return
    }
    #expect(generation == 1)
    #expect(effects.isEmpty)
    #expect(machine.isCurrent(1))
    let adopted = machine.adoptInner(Task {}, generation: 1)
    #expect(adopted)
  }

  @Test func aNewInnerDiscardsTheQueuedValuesOfTheOldOneCancelsItsTaskAndReleasesItsSubscription() {
    var machine = started()
    let oldTask = Task {}
    _ = switchTo(ReleaseProbe("a"), &machine)
    let adopted = machine.adoptInner(oldTask, generation: 1)
    #expect(adopted)
    #expect(isQueued(machine.buffer.push(1, from: 0)))
    #expect(isQueued(machine.buffer.push(2, from: 0)))
    guard let (generation, effects) = switchTo(ReleaseProbe("b"), &machine) else {
      Issue.record("the second inner did not run")
      return
    }
    #expect(generation == 2)
    #expect(effects.tasksToCancel == [oldTask])
    // `a`'s task never took its subscription: the switch releases it.
    #expect(ReleaseProbe.names(releasedBy: effects) == ["a"])
    #expect(!machine.isCurrent(1))
    #expect(machine.isCurrent(2))
    #expect(refill(&machine) == .suspend)
    #expect(isQueued(machine.buffer.push(3, from: 0)))
    #expect(refill(&machine) == .deliver([3]))
  }

  @Test func aSubscriptionItsTaskHasTakenIsNotReleasedAgain() {
    var machine = started()
    _ = switchTo(ReleaseProbe("a"), &machine)
    machine.innerStarted(1)
    let effects = switchTo(ReleaseProbe("b"), &machine)?.effects
    #expect(effects.map(ReleaseProbe.names(releasedBy:)) == [])
  }

  @Test func aReplacedInnersTaskOrStartIsRefused() {
    var machine = started()
    _ = switchTo(ReleaseProbe("a"), &machine)
    _ = switchTo(ReleaseProbe("b"), &machine)
    let adoptedStale = machine.adoptInner(Task {}, generation: 1)
    #expect(!adoptedStale)
    // A stale start does not clear the current inner's subscription.
    machine.innerStarted(1)
    let effects = machine.cancel(())
    #expect(ReleaseProbe.names(releasedBy: effects) == ["b"])
  }

  @Test func theOldInnersParkedPushIsResumedByTheSwitchAndTheRoomIsTheNewInners() async {
    let pool = WaiterPool()
    var machine = started(capacity: 1)
    _ = switchTo(ReleaseProbe("a"), &machine)
    #expect(isQueued(machine.buffer.push(1, from: 0)))
    if case .full = machine.buffer.push(2, from: 0) {} else { Issue.record("the inner got more than its room") }
    let parked = machine.buffer.parkProducer(0, await pool.make("inner a"))
    #expect(parked)
    guard let (_, effects) = switchTo(ReleaseProbe("b"), &machine) else {
      Issue.record("the second inner did not run")
      return
    }
    #expect(pool.resume(effects) == ["inner a"])
    #expect(isQueued(machine.buffer.push(10, from: 0)))
  }

  // MARK: Finish

  @Test func theStreamFinishesWhenTheOuterAndTheCurrentInnerHaveFinishedInEitherOrder() {
    var innerFirst = started()
    _ = switchTo(ReleaseProbe("a"), &innerFirst)
    let endedWithTheInner = innerFirst.innerFinished(1)
    let endedWithTheOuter = innerFirst.outerFinished()
    #expect(!endedWithTheInner && endedWithTheOuter)

    var outerFirst = started()
    _ = switchTo(ReleaseProbe("a"), &outerFirst)
    let endedWithTheOuterFirst = outerFirst.outerFinished()
    let endedWithTheInnerLast = outerFirst.innerFinished(1)
    #expect(!endedWithTheOuterFirst && endedWithTheInnerLast)

    var noInner = started()
    let endedWithNoInner = noInner.outerFinished()
    #expect(endedWithNoInner)
  }

  @Test func aReplacedInnersEndDoesNotCount() {
    var machine = started()
    _ = switchTo(ReleaseProbe("a"), &machine)
    _ = switchTo(ReleaseProbe("b"), &machine)
    let endedWithTheOuter = machine.outerFinished()
    let endedWithTheReplacedInner = machine.innerFinished(1)
    #expect(!endedWithTheOuter && !endedWithTheReplacedInner)
    #expect(machine.innerFailed(1, .boom).isEmpty)
    let endedWithTheCurrentInner = machine.innerFinished(2)
    #expect(endedWithTheCurrentInner)
  }

  @Test func finishingDeliversTheQueuedValuesFirst() {
    var machine = started()
    _ = switchTo(ReleaseProbe("a"), &machine)
    #expect(isQueued(machine.buffer.push(1, from: 0)))
    _ = machine.innerFinished(1)
    let ended = machine.outerFinished()
    #expect(ended)
    _ = machine.complete(.finished)
    #expect(refill(&machine) == .deliver([1]))
    #expect(refill(&machine) == .finish)
    #expect(refill(&machine) == .finish)
  }

  // MARK: Failure

  @Test func theCurrentInnersFailureEndsTheStreamAfterTheQueuedValues() async {
    let pool = WaiterPool()
    var machine = started()
    let task = Task {}
    _ = switchTo(ReleaseProbe("a"), &machine)
    let adopted = machine.adoptInner(task, generation: 1)
    #expect(adopted)
    #expect(isQueued(machine.buffer.push(1, from: 0)))
    let effects = machine.innerFailed(1, .boom)
    #expect(effects.tasksToCancel == [task])
    #expect(ReleaseProbe.names(releasedBy: effects) == ["a"])
    #expect(switchTo(ReleaseProbe("late"), &machine) == nil)
    #expect(refill(&machine) == .deliver([1]))
    let parked = machine.parkConsumer(await pool.make("consumer"))
    #expect(!parked)
    #expect(refill(&machine) == .fail(.boom))
    #expect(refill(&machine) == .finish)
  }

  @Test func aFailureOrCancellationWakesTheParkedConsumer() async {
    let pool = WaiterPool()
    var machine = started()
    let parked = machine.parkConsumer(await pool.make("consumer"))
    #expect(parked)
    #expect(pool.resume(machine.complete(.failure(.other))) == ["consumer"])
    #expect(refill(&machine) == .fail(.other))

    var cancelled = started()
    let parkedAgain = cancelled.parkConsumer(await pool.make("second consumer"))
    #expect(parkedAgain)
    #expect(pool.resume(cancelled.cancel(())) == ["second consumer"])
  }

  // MARK: Cancellation

  @Test func cancellingDiscardsTheQueueCancelsTheInnerAndProducerTasksAndReleasesTheSubscription() {
    var machine = started()
    let producerTask = Task {}
    let innerTask = Task {}
    let adoptedProducer = machine.adopt(producerTask)
    #expect(adoptedProducer)
    _ = switchTo(ReleaseProbe("a"), &machine)
    let adoptedInner = machine.adoptInner(innerTask, generation: 1)
    #expect(adoptedInner)
    #expect(isQueued(machine.buffer.push(1, from: 0)))
    let effects = machine.cancel(())
    #expect(effects.tasksToCancel == [producerTask, innerTask])
    #expect(ReleaseProbe.names(releasedBy: effects) == ["a"])
    #expect(refill(&machine) == .finish)
    #expect(switchTo(ReleaseProbe("late"), &machine) == nil)
    let adoptedLate = machine.adoptInner(Task {}, generation: 1)
    #expect(!adoptedLate)
    let second = machine.cancel(())
    #expect(second.isEmpty)
  }
}
