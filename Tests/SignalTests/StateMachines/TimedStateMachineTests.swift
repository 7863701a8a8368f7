import SignalTesting
import Testing

@testable import Signal

@Suite struct TimedStateMachineTests {
  private typealias Instant = TestClock.Instant
  private typealias Machine<Logic: TimedLogic> = TimedStateMachine<Logic, TestError>
  private typealias Debounce = TimedStateMachine<DebounceLogic<Int, Instant>, TestError>
  private typealias Delay = TimedStateMachine<DelayLogic<Int, Instant>, TestError>
  private typealias Throttle = TimedStateMachine<ThrottleLogic<Int, Instant>, TestError>
  private typealias Timeout = TimedStateMachine<TimeoutLogic<Int, Instant>, TestError>

  private enum Ending: Equatable {
    case finished
    case failure(TestError)
    case timedOut
    case cancelled

    init(_ ending: TimedEnding<TestError>) {
      switch ending {
      case .finished: self = .finished
      case .failure(let error): self = .failure(error)
      case .timedOut: self = .timedOut
      case .cancelled: self = .cancelled
      }
    }
  }

  private enum Next: Equatable {
    case startTask
    case deliver(Int)
    case end(Ending)
    case wait
  }

  private enum Pump: Equatable {
    case request, wait, stop
  }

  private enum Timer: Equatable {
    case sleep(until: Instant)
    case wait
    case stop
  }

  private static let interval = Duration.seconds(1)

  private func debounce(bufferLimit: Int = 4) -> Debounce {
    Debounce(logic: DebounceLogic(interval: Self.interval), bufferLimit: bufferLimit)
  }

  private func delay(bufferLimit: Int = 4) -> Delay {
    Delay(logic: DelayLogic(interval: Self.interval), bufferLimit: bufferLimit)
  }

  private func throttle(bufferLimit: Int = 4) -> Throttle {
    Throttle(logic: ThrottleLogic(interval: Self.interval, latest: true), bufferLimit: bufferLimit)
  }

  private func timeout(bufferLimit: Int = 4) -> Timeout {
    Timeout(logic: TimeoutLogic(interval: Self.interval), bufferLimit: bufferLimit)
  }

  /// A machine whose consumer has asked once (the task is started) and whose pump has started at 0.
  private func running<Logic: TimedLogic>(_ fresh: Machine<Logic>) -> Machine<Logic> where Logic.Instant == Instant {
    var machine = fresh
    if case .startTask = machine.next(isCancelled: false) {} else { Issue.record("no start on first demand") }
    if case .request(let effects) = machine.start(at: .zero) {
      #expect(effects.isEmpty)
    } else {
      Issue.record("the pump may not request at the start")
    }
    return machine
  }

  /// The consumer asks once: what it is told, and who it wakes (resumed through `pool`).
  private func next<Logic: TimedLogic>(
    _ machine: inout Machine<Logic>,
    isCancelled: Bool = false,
    _ pool: WaiterPool
  ) -> (Next, [String]) where Logic.Output == Int {
    switch machine.next(isCancelled: isCancelled) {
    case .startTask: return (.startTask, [])
    case .deliver(let value, let wakeups): return (.deliver(value), pool.resume(wakeups))
    case .end(let ending, let effects): return (.end(Ending(ending)), pool.resume(effects))
    case .wait(let wakeups): return (.wait, pool.resume(wakeups))
    }
  }

  private func pump<Logic: TimedLogic>(_ step: Machine<Logic>.PumpStep, _ pool: WaiterPool) -> (Pump, [String]) {
    switch step {
    case .request(let effects): return (.request, pool.resume(effects))
    case .wait(let effects): return (.wait, pool.resume(effects))
    case .stop(let effects): return (.stop, pool.resume(effects))
    }
  }

  private func timer<Logic: TimedLogic>(_ machine: Machine<Logic>) -> Timer where Logic.Instant == Instant {
    switch machine.timerStep() {
    case .sleep(let deadline): return .sleep(until: deadline)
    case .wait: return .wait
    case .stop: return .stop
    }
  }

  // MARK: First demand

  @Test func theFirstDemandStartsTheTaskThenTheConsumerWaits() {
    let pool = WaiterPool()
    var machine = debounce()
    #expect(next(&machine, pool) == (.startTask, []))
    let adopted = machine.adopt(Task {})
    #expect(adopted)
    #expect(next(&machine, pool) == (.wait, []))
  }

  // MARK: Values

  @Test func aValueTheRulesEmitWakesTheParkedConsumer() async {
    let pool = WaiterPool()
    var machine = running(timeout())
    let parked = machine.parkConsumer(await pool.make("consumer"))
    #expect(parked)
    #expect(pump(machine.receive(1, at: .seconds(0.5)), pool) == (.request, ["consumer"]))
    #expect(next(&machine, pool) == (.deliver(1), []))
    #expect(next(&machine, pool) == (.wait, []))
  }

  @Test func theConsumerDoesNotParkWithAValueWaitingOrAfterTheEnd() async {
    let pool = WaiterPool()
    var machine = running(timeout())
    _ = pump(machine.receive(1, at: .seconds(0.5)), pool)
    let parkedWithAValue = machine.parkConsumer(await pool.make("consumer"))
    #expect(!parkedWithAValue)
    _ = machine.upstreamFailed(.boom)
    #expect(next(&machine, pool) == (.deliver(1), []))
    let parkedAtTheEnd = machine.parkConsumer(await pool.make("late consumer"))
    #expect(!parkedAtTheEnd)
  }

  // MARK: Back-pressure

  @Test func aFullBufferHoldsThePumpUntilTheConsumerTakesAValue() async {
    let pool = WaiterPool()
    var machine = running(timeout(bufferLimit: 1))
    #expect(pump(machine.receive(1, at: .seconds(0.5)), pool) == (.wait, []))
    let parked = machine.parkPump(await pool.make("pump"))
    #expect(parked)
    #expect(next(&machine, pool) == (.deliver(1), ["pump"]))
    #expect(pump(machine.prepareRequest(at: .seconds(0.6)), pool) == (.request, []))
  }

  @Test func valuesTheRulesHoldBackCountAgainstTheBuffer() async {
    let pool = WaiterPool()
    var machine = running(delay(bufferLimit: 2))
    #expect(pump(machine.receive(1, at: .zero), pool) == (.request, []))
    #expect(pump(machine.receive(2, at: .seconds(0.5)), pool) == (.wait, []))
    let parked = machine.parkPump(await pool.make("pump"))
    #expect(parked)
    // Both values leave the rules for the consumer: still two waiting, still full.
    #expect(pool.resume(machine.timerFired(at: .seconds(1.5))).isEmpty)
    #expect(next(&machine, pool) == (.deliver(1), ["pump"]))
    #expect(next(&machine, pool) == (.deliver(2), []))
  }

  @Test func thePumpDoesNotParkWithRoomOrAfterTheEnd() async {
    let pool = WaiterPool()
    var machine = running(timeout(bufferLimit: 2))
    let parkedWithRoom = machine.parkPump(await pool.make("pump"))
    #expect(!parkedWithRoom)
    _ = machine.cancel(())
    let parkedAtTheEnd = machine.parkPump(await pool.make("late pump"))
    #expect(!parkedAtTheEnd)
  }

  // MARK: The timer

  @Test func theTimerParksWithoutADeadlineAndIsWokenWhenOneIsSet() async {
    let pool = WaiterPool()
    var machine = running(debounce())
    #expect(timer(machine) == .wait)
    let parked = machine.parkTimer(await pool.make("timer"))
    #expect(parked)
    #expect(pump(machine.receive(1, at: .seconds(0.25)), pool) == (.request, ["timer"]))
    #expect(timer(machine) == .sleep(until: .seconds(1.25)))
    let parkedWithADeadline = machine.parkTimer(await pool.make("timer again"))
    #expect(!parkedWithADeadline)
  }

  @Test func aTimerThatFiresDeliversWhatTheRulesEmitAndAnEarlyOneNothing() async {
    let pool = WaiterPool()
    var machine = running(debounce())
    _ = pump(machine.receive(1, at: .zero), pool)
    let parked = machine.parkConsumer(await pool.make("consumer"))
    #expect(parked)
    #expect(pool.resume(machine.timerFired(at: .seconds(0.5))).isEmpty)
    #expect(pool.resume(machine.timerFired(at: .seconds(1))) == ["consumer"])
    #expect(next(&machine, pool) == (.deliver(1), []))
    #expect(timer(machine) == .wait)
  }

  @Test func aTimerDueAtAnEventsInstantFiresBeforeTheEvent() {
    let pool = WaiterPool()
    var machine = running(debounce())
    _ = pump(machine.receive(1, at: .zero), pool)
    // The timer task has not run yet; the value at the deadline still comes after the timer.
    _ = pump(machine.receive(2, at: .seconds(1)), pool)
    #expect(next(&machine, pool) == (.deliver(1), []))
    #expect(timer(machine) == .sleep(until: .seconds(2)))
  }

  // MARK: Finish

  @Test func upstreamsFinishFlushesTheRulesAndEndsAfterTheValues() {
    let pool = WaiterPool()
    var machine = running(debounce())
    let task = Task {}
    let adopted = machine.adopt(task)
    #expect(adopted)
    _ = pump(machine.receive(1, at: .zero), pool)
    let effects = machine.upstreamFinished(at: .seconds(0.5))
    #expect(effects.tasksToCancel == [task])
    #expect(pool.resume(effects).isEmpty)
    #expect(next(&machine, pool) == (.deliver(1), []))
    #expect(next(&machine, pool) == (.end(.finished), []))
    #expect(next(&machine, pool) == (.end(.finished), []))
    #expect(timer(machine) == .stop)
  }

  @Test func upstreamsFinishWaitsForTheRulesTimedWork() async {
    let pool = WaiterPool()
    var machine = running(delay())
    let task = Task {}
    let adopted = machine.adopt(task)
    #expect(adopted)
    _ = pump(machine.receive(1, at: .zero), pool)
    let finish = machine.upstreamFinished(at: .seconds(0.5))
    #expect(finish.isEmpty)
    #expect(timer(machine) == .sleep(until: .seconds(1)))
    let parked = machine.parkConsumer(await pool.make("consumer"))
    #expect(parked)
    let fired = machine.timerFired(at: .seconds(1))
    #expect(fired.tasksToCancel == [task])
    #expect(pool.resume(fired) == ["consumer"])
    #expect(next(&machine, pool) == (.deliver(1), []))
    #expect(next(&machine, pool) == (.end(.finished), []))
  }

  @Test func upstreamsFinishWakesTheParkedConsumer() async {
    let pool = WaiterPool()
    var machine = running(timeout())
    let parked = machine.parkConsumer(await pool.make("consumer"))
    #expect(parked)
    #expect(pool.resume(machine.upstreamFinished(at: .seconds(0.5))) == ["consumer"])
    #expect(next(&machine, pool) == (.end(.finished), []))
  }

  // MARK: Failure

  @Test func aFailureComesAfterTheEmittedValuesAndDropsWhatTheRulesHeld() async {
    let pool = WaiterPool()
    var machine = running(throttle())
    let task = Task {}
    let adopted = machine.adopt(task)
    #expect(adopted)
    _ = pump(machine.receive(1, at: .zero), pool)  // emitted at once
    _ = pump(machine.receive(2, at: .seconds(0.5)), pool)  // held for the window's end
    let effects = machine.upstreamFailed(.boom)
    #expect(effects.tasksToCancel == [task])
    #expect(pool.resume(effects).isEmpty)
    #expect(timer(machine) == .stop)
    // Later endings change nothing.
    #expect(machine.upstreamFailed(.other).isEmpty)
    #expect(machine.upstreamFinished(at: .seconds(0.6)).isEmpty)
    #expect(machine.timerFired(at: .seconds(1)).isEmpty)
    #expect(pump(machine.receive(3, at: .seconds(0.7)), pool) == (.stop, []))
    #expect(next(&machine, pool) == (.deliver(1), []))
    #expect(next(&machine, pool) == (.end(.failure(.boom)), []))
    #expect(next(&machine, pool) == (.end(.finished), []))
  }

  @Test func aFailureWakesEveryParkedParty() async {
    let pool = WaiterPool()
    var machine = running(debounce(bufferLimit: 1))
    let timerParked = machine.parkTimer(await pool.make("timer"))
    let consumerParked = machine.parkConsumer(await pool.make("consumer"))
    #expect(timerParked && consumerParked)
    #expect(Set(pool.resume(machine.upstreamFailed(.boom))) == ["timer", "consumer"])
  }

  // MARK: Timeout

  @Test func aTimeoutEndsTheStreamWakesEveryoneAndCancelsTheTask() async {
    let pool = WaiterPool()
    var machine = running(timeout())
    let task = Task {}
    let adopted = machine.adopt(task)
    #expect(adopted)
    #expect(timer(machine) == .sleep(until: .seconds(1)))
    let parked = machine.parkConsumer(await pool.make("consumer"))
    #expect(parked)
    let effects = machine.timerFired(at: .seconds(1))
    #expect(effects.tasksToCancel == [task])
    #expect(pool.resume(effects) == ["consumer"])
    #expect(pump(machine.receive(1, at: .seconds(1.5)), pool) == (.stop, []))
    #expect(machine.upstreamFailed(.boom).isEmpty)
    #expect(next(&machine, pool) == (.end(.timedOut), []))
    #expect(next(&machine, pool) == (.end(.finished), []))
  }

  @Test func aValueArrivingAtTheTimeoutDeadlineIsTooLate() {
    let pool = WaiterPool()
    var machine = running(timeout())
    // The timer task has not run yet: the value at the deadline comes after the timeout
    // (TimedLogic's rule: a timer due at an event's instant fires first), so the stream ends
    // with the timeout and the late value is not delivered.
    #expect(pump(machine.receive(1, at: .seconds(1)), pool) == (.stop, []))
    #expect(next(&machine, pool) == (.end(.timedOut), []))
  }

  @Test func aValueArrivingAfterALateTimeoutTimerIsTooLate() {
    let pool = WaiterPool()
    var machine = running(timeout())
    // A timer that fires late must do what one on time does: the value after the deadline
    // is not delivered.
    _ = pump(machine.receive(1, at: .seconds(1.5)), pool)
    #expect(next(&machine, pool) == (.end(.timedOut), []))
    #expect(pool.resume(machine.timerFired(at: .seconds(1.6))).isEmpty)
  }

  // MARK: Cancellation

  @Test func cancellingEndsAtOnceDiscardsTheValuesWakesEveryPartyAndCancelsTheTask() async {
    let pool = WaiterPool()
    var machine = running(timeout(bufferLimit: 1))
    let task = Task {}
    let adopted = machine.adopt(task)
    #expect(adopted)
    #expect(pump(machine.receive(1, at: .seconds(0.5)), pool) == (.wait, []))
    let pumpParked = machine.parkPump(await pool.make("pump"))
    let timerParked = machine.parkTimer(await pool.make("timer"))
    #expect(pumpParked && timerParked)
    let effects = machine.cancel(())
    #expect(effects.tasksToCancel == [task])
    #expect(effects.subscriptionsToRelease.isEmpty)
    #expect(Set(pool.resume(effects)) == ["pump", "timer"])
    #expect(next(&machine, pool) == (.end(.cancelled), []))
    let adoptedAfterTheEnd = machine.adopt(Task {})
    #expect(!adoptedAfterTheEnd)
    #expect(machine.cancel(()).isEmpty)
  }

  @Test func aConsumerWhoseTaskIsCancelledEndsAtItsNextRequest() async {
    let pool = WaiterPool()
    var machine = running(timeout())
    let task = Task {}
    let adopted = machine.adopt(task)
    #expect(adopted)
    _ = pump(machine.receive(1, at: .seconds(0.5)), pool)
    guard case .end(.cancelled, let effects) = machine.next(isCancelled: true) else {
      Issue.record("a cancelled consumer was not ended")
      return
    }
    #expect(effects.tasksToCancel == [task])
    #expect(next(&machine, pool) == (.end(.finished), []))
  }

  @Test func aCancellationOverridesAnEndingNotYetDeliveredButNotOneDelivered() {
    let pool = WaiterPool()
    var failed = running(timeout())
    _ = pump(failed.receive(1, at: .seconds(0.5)), pool)
    _ = failed.upstreamFailed(.boom)
    _ = failed.cancel(())
    #expect(next(&failed, pool) == (.end(.cancelled), []))

    var delivered = running(timeout())
    _ = delivered.upstreamFailed(.boom)
    #expect(next(&delivered, pool) == (.end(.failure(.boom)), []))
    #expect(delivered.cancel(()).isEmpty)
    #expect(next(&delivered, pool) == (.end(.finished), []))
  }

  @Test func cancellingBeforeTheFirstDemandNeverStartsTheTask() {
    let pool = WaiterPool()
    var machine = debounce()
    #expect(machine.cancel(()).isEmpty)
    #expect(next(&machine, pool) == (.end(.cancelled), []))
    let adopted = machine.adopt(Task {})
    #expect(!adopted)
  }
}
