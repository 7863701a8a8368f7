import Testing

@testable import Signal

@Suite struct FutureStateMachineTests {
  private typealias Machine = FutureStateMachine<Int, TestError>

  private enum Subscribed: Equatable {
    case deliver(Result<Int, TestError>)
    case cancelled
    case wait(id: Int, startWork: Bool)
  }

  private func subscribe(_ machine: inout Machine, isCancelled: Bool = false) -> Subscribed {
    switch machine.subscribe(isCancelled: isCancelled) {
    case .deliver(let result): .deliver(result)
    case .cancelled: .cancelled
    case .wait(let id, let startWork): .wait(id: id, startWork: startWork)
    }
  }

  @Test func theFirstSubscriberStartsTheWorkAndLaterOnesWaitForIt() {
    var machine = Machine()
    #expect(machine.outcome == nil)
    #expect(subscribe(&machine) == .wait(id: 1, startWork: true))
    #expect(subscribe(&machine) == .wait(id: 2, startWork: false))
    #expect(machine.outcome == nil)
  }

  @Test func aSubscriberAlreadyCancelledGetsNothingAndStartsNothing() {
    var machine = Machine()
    #expect(subscribe(&machine, isCancelled: true) == .cancelled)
    #expect(subscribe(&machine) == .wait(id: 1, startWork: true))
    #expect(subscribe(&machine, isCancelled: true) == .cancelled)
  }

  @Test func theOutcomeWakesEveryWaiterAndIsDeliveredToEveryLaterSubscriber() async {
    let pool = WaiterPool()
    var machine = Machine()
    _ = subscribe(&machine)
    _ = subscribe(&machine)
    let firstParked = machine.park(id: 1, await pool.make("first"))
    let secondParked = machine.park(id: 2, await pool.make("second"))
    #expect(firstParked && secondParked)
    let effects = machine.finish(.success(7))
    #expect(Set(pool.resume(effects)) == ["first", "second"])
    #expect(effects.tasksToCancel.isEmpty && effects.subscriptionsToRelease.isEmpty)
    #expect(machine.outcome == .success(7))
    #expect(subscribe(&machine) == .deliver(.success(7)))
    // Known outcomes are delivered even to a cancelled subscriber: no need to wait.
    #expect(subscribe(&machine, isCancelled: true) == .deliver(.success(7)))
    let parkedAfterTheOutcome = machine.park(id: 3, await pool.make("late"))
    #expect(!parkedAfterTheOutcome)
  }

  @Test func aFailureIsTheOutcomeToo() async {
    let pool = WaiterPool()
    var machine = Machine()
    _ = subscribe(&machine)
    let parked = machine.park(id: 1, await pool.make("subscriber"))
    #expect(parked)
    #expect(pool.resume(machine.finish(.failure(.boom))) == ["subscriber"])
    #expect(machine.outcome == .failure(.boom))
    #expect(subscribe(&machine) == .deliver(.failure(.boom)))
  }

  @Test func theFirstOutcomeStays() {
    var machine = Machine()
    _ = subscribe(&machine)
    _ = machine.finish(.success(1))
    #expect(machine.finish(.success(2)).isEmpty)
    #expect(machine.outcome == .success(1))
  }

  @Test func anOutcomeBeforeAnyoneSubscribedIsIgnored() {
    var machine = Machine()
    #expect(machine.finish(.success(1)).isEmpty)
    #expect(machine.outcome == nil)
  }

  @Test func aCancelledWaiterIsWokenAloneAndTheWorkGoesOn() async {
    let pool = WaiterPool()
    var machine = Machine()
    _ = subscribe(&machine)
    _ = subscribe(&machine)
    let firstParked = machine.park(id: 1, await pool.make("first"))
    let secondParked = machine.park(id: 2, await pool.make("second"))
    #expect(firstParked && secondParked)
    let cancelled = machine.cancel(1)
    #expect(pool.resume(cancelled) == ["first"])
    #expect(cancelled.tasksToCancel.isEmpty)
    #expect(machine.cancel(1).isEmpty)
    // A new subscriber joins the running work rather than starting it again.
    #expect(subscribe(&machine) == .wait(id: 3, startWork: false))
    #expect(pool.resume(machine.finish(.success(5))) == ["second"])
    #expect(machine.outcome == .success(5))
  }

  @Test func cancellingAfterTheOutcomeOrAnUnknownSubscriberDoesNothing() {
    var machine = Machine()
    #expect(machine.cancel(1).isEmpty)
    _ = subscribe(&machine)
    #expect(machine.cancel(42).isEmpty)
    _ = machine.finish(.success(1))
    #expect(machine.cancel(1).isEmpty)
    #expect(machine.outcome == .success(1))
  }
}
