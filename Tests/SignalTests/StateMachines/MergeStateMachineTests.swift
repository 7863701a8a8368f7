import Testing

@testable import Signal

@Suite struct MergeStateMachineTests {
  private typealias Machine = MergeStateMachine<Int, TestError>

  private func started(upstreams: Int = 2, capacity: Int = 8) -> Machine {
    var machine = Machine(upstreamCount: upstreams, capacity: capacity)
    var batch = RingBuffer<Int>()
    if case .startProducers = machine.refill(&batch, consumed: 0) {} else { Issue.record("no start on first demand") }
    return machine
  }

  private enum Refill: Equatable {
    case start
    case deliver([Int], woken: Int)
    case suspend(woken: Int)
    case finish(Int)
    case fail(TestError, Int)
  }

  /// One refill, summed up: what was delivered and how many waiters it wakes (and resumes them).
  private func refill(_ machine: inout Machine, consumed: Int = 0, pool: WaiterPool? = nil) -> Refill {
    var batch = RingBuffer<Int>()
    let action = machine.refill(&batch, consumed: consumed)
    var values: [Int] = []
    while let value = batch.popFirst() { values.append(value) }
    switch action {
    case .startProducers: return .start
    case .deliver(let woken): return .deliver(values, woken: pool?.resume(woken).count ?? woken.count)
    case .suspend(let woken): return .suspend(woken: pool?.resume(woken).count ?? woken.count)
    case .finish(let effects): return .finish(pool?.resume(effects).count ?? effects.wakeups.count)
    case .fail(let error, let effects): return .fail(error, pool?.resume(effects).count ?? effects.wakeups.count)
    }
  }

  private func isPushed(_ action: Machine.PushAction) -> Bool {
    if case .pushed = action { return true }
    return false
  }

  private func isFull(_ action: Machine.PushAction) -> Bool {
    if case .full = action { return true }
    return false
  }

  private func isStopped(_ action: Machine.PushAction) -> Bool {
    if case .stopped = action { return true }
    return false
  }

  // MARK: First demand

  @Test func nothingRunsOrIsAcceptedBeforeTheFirstDemand() {
    var machine = Machine(upstreamCount: 2, capacity: 8)
    #expect(isStopped(machine.push(1)))
    let adopted = machine.adopt(Task {})
    #expect(!adopted)
    #expect(refill(&machine) == .start)
    let adoptedWhenRunning = machine.adopt(Task {})
    #expect(adoptedWhenRunning)
    #expect(isPushed(machine.push(1)))
  }

  @Test func aMergeOfNothingFinishesAtTheFirstDemandWithoutStarting() {
    var machine = Machine(upstreamCount: 0, capacity: 8)
    #expect(refill(&machine) == .finish(0))
    #expect(refill(&machine) == .finish(0))
  }

  // MARK: Values

  @Test func valuesOfEveryUpstreamAreDeliveredInArrivalOrderInOneBatch() {
    var machine = started()
    #expect(refill(&machine) == .suspend(woken: 0))
    for value in 1...3 { #expect(isPushed(machine.push(value))) }
    #expect(refill(&machine) == .deliver([1, 2, 3], woken: 0))
    #expect(refill(&machine) == .suspend(woken: 0))
  }

  @Test func aParkedConsumerIsHandedBackByTheNextPush() async {
    let pool = WaiterPool()
    var machine = started()
    let parked = machine.parkConsumer(await pool.make("consumer"))
    #expect(parked)
    guard case .pushedResumingConsumer(let consumer) = machine.push(1) else {
      Issue.record("the push did not wake the consumer")
      return
    }
    #expect(pool.resume(consumer) == "consumer")
    // Only once: the next push finds no consumer.
    #expect(isPushed(machine.push(2)))
    #expect(refill(&machine) == .deliver([1, 2], woken: 0))
  }

  @Test func theConsumerDoesNotParkWhileSomethingIsBufferedOrTheStreamEnded() async {
    let pool = WaiterPool()
    var machine = started()
    #expect(isPushed(machine.push(1)))
    let parkedWithAValue = machine.parkConsumer(await pool.make("consumer"))
    #expect(!parkedWithAValue)
    #expect(refill(&machine) == .deliver([1], woken: 0))
    _ = machine.upstreamFinished()
    _ = machine.upstreamFinished()
    let parkedAtTheEnd = machine.parkConsumer(await pool.make("late consumer"))
    #expect(!parkedAtTheEnd)
  }

  // MARK: Back-pressure

  @Test func aFullBufferHoldsProducersBackUntilTheConsumerReportsUse() async {
    let pool = WaiterPool()
    var machine = started(upstreams: 1, capacity: 4)
    for value in 1...4 { #expect(isPushed(machine.push(value))) }
    #expect(isFull(machine.push(5)))
    let parked = machine.parkProducer(await pool.make("producer"))
    #expect(parked)
    // Draining alone frees no room: the batch still counts until the consumer reports it used.
    #expect(refill(&machine) == .deliver([1, 2, 3, 4], woken: 0))
    #expect(isFull(machine.push(5)))
    // Woken at the low watermark (half the capacity), not before.
    #expect(machine.consumed(1).isEmpty)
    #expect(pool.resume(machine.consumed(1)) == ["producer"])
    #expect(isPushed(machine.push(5)))
  }

  // MARK: Runs of an immediate upstream

  private enum Reserve: Equatable {
    case reserved(Int)
    case full
    case stopped
  }

  private func reserve(_ machine: inout Machine, upTo limit: Int) -> Reserve {
    switch machine.reserve(upTo: limit) {
    case .reserved(let count): .reserved(count)
    case .full: .full
    case .stopped: .stopped
    }
  }

  /// Pushes a run; returns the names of the waiters it hands back (resumed through `pool`), or
  /// `nil` if the run was refused.
  private func push(_ machine: inout Machine, run: [Int], reserved: Int, pool: WaiterPool) -> [String]? {
    guard case .pushed(let woken) = machine.push(run: run, reserved: reserved) else { return nil }
    return pool.resume(woken)
  }

  @Test func reservedRoomCountsAsUnconsumedUntilTheRunIsPushed() {
    let pool = WaiterPool()
    var machine = started(upstreams: 2, capacity: 8)
    #expect(reserve(&machine, upTo: 6) == .reserved(6))
    // Another producer gets only what is left, and nothing once that is reserved too.
    #expect(reserve(&machine, upTo: 6) == .reserved(2))
    #expect(reserve(&machine, upTo: 6) == .full)
    #expect(isFull(machine.push(9)))
    #expect(refill(&machine) == .suspend(woken: 0))
    #expect(push(&machine, run: [1, 2, 3], reserved: 6, pool: pool) == [])
    // The run used 3 of its 6: 3 are free again (8 - 3 - 2 reserved).
    #expect(reserve(&machine, upTo: 6) == .reserved(3))
    #expect(refill(&machine) == .deliver([1, 2, 3], woken: 0))
  }

  @Test func aRunWakesTheParkedConsumerOnceAndAnEmptyRunDoesNot() async {
    let pool = WaiterPool()
    var machine = started(upstreams: 1, capacity: 8)
    #expect(reserve(&machine, upTo: 4) == .reserved(4))
    #expect(machine.parkConsumer(await pool.make("consumer")))
    #expect(push(&machine, run: [], reserved: 2, pool: pool) == [])
    #expect(push(&machine, run: [1, 2], reserved: 2, pool: pool) == ["consumer"])
    #expect(refill(&machine) == .deliver([1, 2], woken: 0))
  }

  @Test func roomARunGivesBackWakesParkedProducersAtTheLowWatermark() async {
    let pool = WaiterPool()
    var machine = started(upstreams: 2, capacity: 4)
    #expect(reserve(&machine, upTo: 4) == .reserved(4))
    #expect(isFull(machine.push(9)))
    #expect(machine.parkProducer(await pool.make("producer")))
    // The upstream ended after one element: 3 of the 4 come back, down to the low watermark.
    #expect(push(&machine, run: [1], reserved: 4, pool: pool) == ["producer"])
  }

  @Test func noRoomIsReservedAndNoRunPushedOnceTheStreamIsOver() {
    let pool = WaiterPool()
    var idle = Machine(upstreamCount: 1, capacity: 4)
    #expect(reserve(&idle, upTo: 4) == .stopped)
    var machine = started(upstreams: 1, capacity: 4)
    #expect(reserve(&machine, upTo: 2) == .reserved(2))
    _ = machine.cancel(())
    #expect(push(&machine, run: [1, 2], reserved: 2, pool: pool) == nil)
    #expect(reserve(&machine, upTo: 2) == .stopped)
  }

  /// Merge's consumer yields once before parking: its producers refill within a moment.
  @Test func theConsumerStepsAsideBeforeParking() {
    #expect(Machine.yieldsBeforeParking)
  }

  @Test func aProducerDoesNotParkWhenThereIsRoomOrTheStreamIsOver() async {
    let pool = WaiterPool()
    var machine = started(upstreams: 1, capacity: 2)
    let parkedWithRoom = machine.parkProducer(await pool.make("producer"))
    #expect(!parkedWithRoom)
    #expect(isPushed(machine.push(1)))
    #expect(isPushed(machine.push(2)))
    _ = machine.cancel(())
    let parkedAfterTheEnd = machine.parkProducer(await pool.make("late producer"))
    #expect(!parkedAfterTheEnd)
  }

  @Test func parkedProducersAreWokenFirstInFirstOutAQuarterOfTheFreeRoomEach() async {
    let pool = WaiterPool()
    var machine = started(upstreams: 4, capacity: 8)
    for value in 1...8 { #expect(isPushed(machine.push(value))) }
    for index in 0..<4 {
      let parked = machine.parkProducer(await pool.make("producer \(index)"))
      #expect(parked)
    }
    #expect(refill(&machine) == .deliver(Array(1...8), woken: 0))
    // Half the room free: (8 - 4) / (8 / 4) = 2 producers.
    #expect(pool.resume(machine.consumed(4)) == ["producer 0", "producer 1"])
    // All of it free: up to 4, but only 2 are left.
    #expect(pool.resume(machine.consumed(4)) == ["producer 2", "producer 3"])
  }

  // MARK: Finish

  @Test func theStreamFinishesAfterItsLastUpstreamAndAfterTheBufferedValues() async {
    let pool = WaiterPool()
    var machine = started()
    #expect(isPushed(machine.push(1)))
    #expect(machine.upstreamFinished() == nil)
    // The other upstream still runs.
    #expect(isPushed(machine.push(2)))
    #expect(machine.upstreamFinished() == nil)  // nobody parked to wake
    #expect(isStopped(machine.push(3)))
    #expect(refill(&machine, pool: pool) == .deliver([1, 2], woken: 0))
    #expect(refill(&machine, pool: pool) == .finish(0))
    #expect(refill(&machine, pool: pool) == .finish(0))
  }

  @Test func theLastUpstreamsFinishHandsBackTheParkedConsumer() async {
    let pool = WaiterPool()
    var machine = started(upstreams: 1)
    let parked = machine.parkConsumer(await pool.make("consumer"))
    #expect(parked)
    guard let consumer = machine.upstreamFinished() else {
      Issue.record("the consumer was not woken at the end")
      return
    }
    #expect(pool.resume(consumer) == "consumer")
    #expect(refill(&machine) == .finish(0))
  }

  // MARK: Failure

  @Test func aFailureComesAfterTheBufferedValuesAndWinsOverLaterEndings() {
    var machine = started(upstreams: 3)
    #expect(isPushed(machine.push(1)))
    #expect(machine.upstreamFinished() == nil)
    #expect(isPushed(machine.push(2)))
    #expect(machine.upstreamFailed(.boom).isEmpty)
    // What the other upstreams do afterwards changes nothing.
    #expect(isStopped(machine.push(3)))
    #expect(machine.upstreamFailed(.other).isEmpty)
    #expect(machine.upstreamFinished() == nil)
    #expect(refill(&machine) == .deliver([1, 2], woken: 0))
    #expect(refill(&machine) == .fail(.boom, 0))
    #expect(refill(&machine) == .finish(0))
  }

  @Test func aFailureWakesEveryoneParkedAndCancelsTheProducerTask() async {
    let pool = WaiterPool()
    var machine = started(upstreams: 2, capacity: 1)
    let task = Task {}
    let adopted = machine.adopt(task)
    #expect(adopted)
    #expect(isPushed(machine.push(1)))
    let producerParked = machine.parkProducer(await pool.make("producer"))
    #expect(producerParked)
    let effects = machine.upstreamFailed(.boom)
    #expect(effects.tasksToCancel == [task])
    #expect(pool.resume(effects) == ["producer"])
    #expect(refill(&machine) == .deliver([1], woken: 0))
    let consumerParked = machine.parkConsumer(await pool.make("consumer"))
    #expect(!consumerParked)
    #expect(refill(&machine) == .fail(.boom, 0))
  }

  @Test func aFailureHandsBackTheParkedConsumer() async {
    let pool = WaiterPool()
    var machine = started()
    let parked = machine.parkConsumer(await pool.make("consumer"))
    #expect(parked)
    #expect(pool.resume(machine.upstreamFailed(.boom)) == ["consumer"])
    #expect(refill(&machine) == .fail(.boom, 0))
  }

  // MARK: Cancellation

  @Test func cancellingDiscardsTheBufferWakesEveryoneAndCancelsTheProducerTask() async {
    let pool = WaiterPool()
    var machine = started(upstreams: 2, capacity: 1)
    let task = Task {}
    let adopted = machine.adopt(task)
    #expect(adopted)
    #expect(isPushed(machine.push(1)))
    let producerParked = machine.parkProducer(await pool.make("producer"))
    #expect(producerParked)
    let effects = machine.cancel(())
    #expect(effects.tasksToCancel == [task])
    #expect(effects.subscriptionsToRelease.isEmpty)
    #expect(pool.resume(effects) == ["producer"])
    #expect(refill(&machine) == .finish(0))
    #expect(isStopped(machine.push(2)))
    #expect(machine.upstreamFinished() == nil)
    #expect(machine.upstreamFailed(.boom).isEmpty)
    #expect(refill(&machine) == .finish(0))
  }

  @Test func cancellingHandsBackTheParkedConsumer() async {
    let pool = WaiterPool()
    var machine = started()
    let parked = machine.parkConsumer(await pool.make("consumer"))
    #expect(parked)
    #expect(pool.resume(machine.cancel(())) == ["consumer"])
    #expect(pool.parked.isEmpty)
  }

  @Test func cancellingTwiceOrAfterTheEndDoesNothingAndLateTasksAreRefused() {
    var machine = started()
    let adopted = machine.adopt(Task {})
    #expect(adopted)
    #expect(machine.cancel(()).tasksToCancel.count == 1)
    #expect(machine.cancel(()).isEmpty)
    let adoptedAfterTheEnd = machine.adopt(Task {})
    #expect(!adoptedAfterTheEnd)

    var finished = started(upstreams: 1)
    _ = finished.upstreamFinished()
    #expect(refill(&finished) == .finish(0))
    #expect(finished.cancel(()).isEmpty)
  }

  @Test func cancellingBeforeTheFirstDemandMeansTheProducersNeverStart() {
    var machine = Machine(upstreamCount: 2, capacity: 8)
    #expect(machine.cancel(()).isEmpty)
    #expect(refill(&machine) == .finish(0))
  }
}
