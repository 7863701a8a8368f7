import Testing

@testable import Signal

@Suite struct FanInStateMachineTests {
  private typealias Machine = FanInStateMachine<Int, TestError>
  private typealias Output = OptionalOutput<Int, TestError>

  private struct Delivered: Equatable {
    let index: Int
    let output: Output
  }

  private enum Refill: Equatable {
    case start
    case deliver([Delivered])
    case suspend
    case finish
  }

  private func started(items: Int, window: Int, workers: Int = 2, ordering: FanInOrdering) -> Machine {
    var machine = Machine(itemCount: items, window: window, workerCount: workers, ordering: ordering)
    #expect(refill(&machine) == .start)
    return machine
  }

  /// One refill, summed up; the waiters it wakes are resumed through `pool` (and must be none
  /// without one).
  private func refill(_ machine: inout Machine, consumed: Int = 0, pool: WaiterPool? = nil) -> Refill {
    var batch = RingBuffer<Machine.Outcome>()
    let action = machine.refill(&batch, consumed: consumed)
    var delivered: [Delivered] = []
    while let (index, output) = batch.popFirst() { delivered.append(Delivered(index: index, output: output)) }
    let woken: Int
    let summary: Refill
    switch action {
    case .startProducers: (summary, woken) = (.start, 0)
    case .deliver(let wakeups): (summary, woken) = (.deliver(delivered), pool?.resume(wakeups).count ?? wakeups.count)
    case .suspend(let wakeups): (summary, woken) = (.suspend, pool?.resume(wakeups).count ?? wakeups.count)
    case .finish(let effects): (summary, woken) = (.finish, pool?.resume(effects).count ?? effects.wakeups.count)
    }
    if pool == nil { #expect(woken == 0, "a refill woke a waiter the test did not expect") }
    return summary
  }

  private func claim(_ step: Machine.WorkerStep) -> Int? {
    if case .perform(let index) = step.claim { return index }
    return nil
  }

  private func isWait(_ step: Machine.WorkerStep) -> Bool {
    if case .wait = step.claim { return true }
    return false
  }

  private func isStop(_ step: Machine.WorkerStep) -> Bool {
    if case .stop = step.claim { return true }
    return false
  }

  // MARK: First demand

  @Test func workersClaimNothingBeforeTheFirstDemand() {
    var machine = Machine(itemCount: 3, window: 2, workerCount: 2, ordering: .completion)
    #expect(isStop(machine.nextStep(completing: nil)))
    let adopted = machine.adopt(Task {})
    #expect(!adopted)
    #expect(refill(&machine) == .start)
    let adoptedWhenRunning = machine.adopt(Task {})
    #expect(adoptedWhenRunning)
    #expect(claim(machine.nextStep(completing: nil)) == 0)
  }

  @Test func noItemsFinishAtTheFirstDemandWithoutStarting() {
    var machine = Machine(itemCount: 0, window: 2, workerCount: 2, ordering: .index)
    #expect(refill(&machine) == .finish)
    #expect(refill(&machine) == .finish)
  }

  // MARK: Claiming items and the window

  @Test func itemsAreClaimedInOrderAndNoFurtherThanTheWindowAheadOfTheConsumer() async {
    let pool = WaiterPool()
    var machine = started(items: 4, window: 2, ordering: .completion)
    #expect(claim(machine.nextStep(completing: nil)) == 0)
    #expect(claim(machine.nextStep(completing: nil)) == 1)
    #expect(isWait(machine.nextStep(completing: nil)))
    let parked = machine.parkWorker(await pool.make("worker"))
    #expect(parked)
    // Completing an item is not enough: the window moves when the consumer has used an outcome.
    #expect(isWait(machine.nextStep(completing: (1, .success(10)))))
    #expect(refill(&machine) == .deliver([Delivered(index: 1, output: .success(10))]))
    #expect(pool.resume(machine.consumed(1)) == ["worker"])
    #expect(claim(machine.nextStep(completing: nil)) == 2)
  }

  @Test func aWorkerDoesNotParkWhenAnItemMayStartOrNoneIsLeft() async {
    let pool = WaiterPool()
    var machine = started(items: 1, window: 1, ordering: .completion)
    let parkedWithWork = machine.parkWorker(await pool.make("worker"))
    #expect(!parkedWithWork)
    #expect(claim(machine.nextStep(completing: nil)) == 0)
    // The last item has started: nothing to wait for.
    #expect(isStop(machine.nextStep(completing: nil)))
    let parkedWithNothingLeft = machine.parkWorker(await pool.make("idle worker"))
    #expect(!parkedWithNothingLeft)
  }

  // MARK: Outcomes

  @Test func completionOrderingDeliversOutcomesAsTheyCompleteFailuresIncluded() async {
    let pool = WaiterPool()
    var machine = started(items: 3, window: 3, ordering: .completion)
    for index in 0..<3 { #expect(claim(machine.nextStep(completing: nil)) == index) }
    let parked = machine.parkConsumer(await pool.make("consumer"))
    #expect(parked)
    let step = machine.nextStep(completing: (2, .failure(.boom)))
    #expect(step.consumerToResume.map { pool.resume($0) } == "consumer")
    #expect(isStop(step))
    _ = machine.nextStep(completing: (0, .success(0)))
    #expect(
      refill(&machine)
        == .deliver([Delivered(index: 2, output: .failure(.boom)), Delivered(index: 0, output: .success(0))])
    )
  }

  @Test func indexOrderingHoldsALaterOutcomeBackUntilTheEarlierOnesComplete() async {
    let pool = WaiterPool()
    var machine = started(items: 3, window: 3, ordering: .index)
    for index in 0..<3 { #expect(claim(machine.nextStep(completing: nil)) == index) }
    let parked = machine.parkConsumer(await pool.make("consumer"))
    #expect(parked)
    // Item 1 is not deliverable while item 0 runs: the consumer stays parked.
    #expect(machine.nextStep(completing: (1, .success(11))).consumerToResume == nil)
    #expect(pool.parked == ["consumer"])
    let step = machine.nextStep(completing: (0, .success(10)))
    #expect(step.consumerToResume.map { pool.resume($0) } == "consumer")
    #expect(
      refill(&machine)
        == .deliver([Delivered(index: 0, output: .success(10)), Delivered(index: 1, output: .success(11))])
    )
    #expect(refill(&machine) == .suspend)
  }

  @Test func theConsumerDoesNotParkWhileAnOutcomeIsDeliverable() async {
    let pool = WaiterPool()
    var machine = started(items: 2, window: 2, ordering: .index)
    _ = machine.nextStep(completing: nil)
    _ = machine.nextStep(completing: (0, .success(0)))
    let parked = machine.parkConsumer(await pool.make("consumer"))
    #expect(!parked)
  }

  // MARK: The end

  @Test func theStreamFinishesOnceEveryOutcomeIsDeliveredAndLetsParkedWorkersGo() async {
    let pool = WaiterPool()
    var machine = started(items: 2, window: 2, ordering: .completion)
    let task = Task {}
    let adopted = machine.adopt(task)
    #expect(adopted)
    #expect(claim(machine.nextStep(completing: nil)) == 0)
    #expect(claim(machine.nextStep(completing: nil)) == 1)
    #expect(isStop(machine.nextStep(completing: (0, .success(0)))))
    #expect(isStop(machine.nextStep(completing: (1, .success(1)))))
    #expect(
      refill(&machine)
        == .deliver([Delivered(index: 0, output: .success(0)), Delivered(index: 1, output: .success(1))]))
    var batch = RingBuffer<Machine.Outcome>()
    guard case .finish(let effects) = machine.refill(&batch, consumed: 2) else {
      Issue.record("the stream did not finish after its last outcome")
      return
    }
    // Every item has completed, so the workers end on their own: nothing to cancel.
    #expect(effects.tasksToCancel.isEmpty)
    #expect(pool.resume(effects).isEmpty)
    #expect(refill(&machine) == .finish)
    #expect(isStop(machine.nextStep(completing: nil)))
    #expect(machine.cancel(()).isEmpty)
  }

  // MARK: Cancellation

  @Test func cancellingDiscardsOutcomesWakesEveryoneAndCancelsTheWorkerTask() async {
    let pool = WaiterPool()
    var machine = started(items: 4, window: 1, ordering: .index)
    let task = Task {}
    let adopted = machine.adopt(task)
    #expect(adopted)
    #expect(claim(machine.nextStep(completing: nil)) == 0)
    #expect(isWait(machine.nextStep(completing: nil)))
    let workerParked = machine.parkWorker(await pool.make("worker"))
    #expect(workerParked)
    let consumerParked = machine.parkConsumer(await pool.make("consumer"))
    #expect(consumerParked)
    let effects = machine.cancel(())
    #expect(effects.tasksToCancel == [task])
    #expect(effects.subscriptionsToRelease.isEmpty)
    #expect(pool.resume(effects) == ["consumer", "worker"])
    // An item that completes after the cancellation is dropped, and nothing more starts.
    #expect(isStop(machine.nextStep(completing: (0, .success(0)))))
    #expect(refill(&machine) == .finish)
    let adoptedAfterTheEnd = machine.adopt(Task {})
    #expect(!adoptedAfterTheEnd)
    #expect(machine.cancel(()).isEmpty)
  }

  @Test func cancellingBeforeTheFirstDemandMeansNoWorkerEverStarts() {
    var machine = Machine(itemCount: 3, window: 2, workerCount: 2, ordering: .completion)
    #expect(machine.cancel(()).isEmpty)
    #expect(refill(&machine) == .finish)
    #expect(isStop(machine.nextStep(completing: nil)))
  }
}
