import Testing

@testable import Signal

@Suite struct CreateStateMachineTests {
  private typealias Machine = CreateStateMachine<Int, TestError>

  private enum Next: Equatable {
    case value(Int)
    case end(Completion<TestError>?)
    case start
    case park
  }

  private func next(_ machine: inout Machine, _ pool: WaiterPool? = nil) -> Next {
    switch machine.next() {
    case .value(let value, let effects):
      _ = pool?.resume(effects)
      return .value(value)
    case .end(let completion, _): return .end(completion)
    case .start: return .start
    case .park: return .park
    }
  }

  private func started(_ policy: BufferingPolicy) -> Machine {
    var machine = Machine(policy: policy)
    _ = machine.next()
    return machine
  }

  @Test func theFirstDemandStartsTheBodyOnceThenParks() {
    var machine = Machine(policy: .suspend(2))
    #expect(next(&machine) == .start)
    #expect(next(&machine) == .park)
  }

  @Test func valuesComeOutInOrderThenTheCompletion() {
    var machine = started(.suspend(4))
    for value in 1...3 { #expect(machine.trySend(value).0 == .enqueued) }
    _ = machine.complete(.failure(.boom))
    #expect(machine.trySend(4).0 == .terminated)
    #expect([next(&machine), next(&machine), next(&machine)] == [.value(1), .value(2), .value(3)])
    #expect(next(&machine) == .end(.failure(.boom)))
    #expect(next(&machine) == .end(nil))
  }

  @Test func aFullSuspendBufferRefusesTrySend() {
    var machine = started(.suspend(2))
    #expect(machine.trySend(1).0 == .enqueued)
    #expect(machine.trySend(2).0 == .enqueued)
    #expect(machine.trySend(3).0 == .full)
    #expect(machine.bufferedCount == 2)
  }

  @Test func dropNewestKeepsTheFirstAndDropOldestTheLatest() {
    var newest = started(.dropNewest(2))
    var oldest = started(.dropOldest(2))
    for value in 1...5 {
      #expect(newest.trySend(value).0 == (value <= 2 ? .enqueued : .dropped))
      #expect(oldest.trySend(value).0 == (value <= 2 ? .enqueued : .dropped))
    }
    #expect(newest.bufferedCount == 2 && oldest.bufferedCount == 2)
    #expect([next(&newest), next(&newest)] == [.value(1), .value(2)])
    #expect([next(&oldest), next(&oldest)] == [.value(4), .value(5)])
  }

  @Test func aValueWakesTheParkedConsumer() async {
    let pool = WaiterPool()
    var machine = started(.suspend(1))
    #expect(machine.parkConsumer(await pool.make("consumer")))
    let (result, effects) = machine.trySend(7)
    #expect(result == .enqueued)
    #expect(pool.resume(effects) == ["consumer"])
    #expect(next(&machine) == .value(7))
  }

  @Test func takingAValueAdmitsTheFirstParkedSenderInOrder() async {
    let pool = WaiterPool()
    var machine = started(.suspend(1))
    _ = machine.trySend(1)
    let first = machine.makeTicket()
    let second = machine.makeTicket()
    #expect(machine.parkSender(ticket: first, value: 2, await pool.make("first")))
    #expect(machine.parkSender(ticket: second, value: 3, await pool.make("second")))
    #expect(machine.parkedSenderCount == 2)
    // A newcomer does not jump the queue.
    #expect(machine.trySend(9).0 == .full)
    guard case .value(1, let effects) = machine.next() else {
      Issue.record("expected the first value")
      return
    }
    #expect(pool.resume(effects) == ["first"])
    #expect(machine.takeResult(ticket: first) == .enqueued)
    #expect(machine.bufferedCount == 1)
    #expect(next(&machine, pool) == .value(2))
    #expect(machine.takeResult(ticket: second) == .enqueued)
    #expect(next(&machine) == .value(3))
  }

  @Test func parkedSendersAreAdmittedTogetherOnceTheBufferIsDownToHalf() async {
    let pool = WaiterPool()
    var machine = started(.suspend(4))
    for value in 1...4 { _ = machine.trySend(value) }
    let first = machine.makeTicket()
    let second = machine.makeTicket()
    #expect(machine.parkSender(ticket: first, value: 5, await pool.make("first")))
    #expect(machine.parkSender(ticket: second, value: 6, await pool.make("second")))
    // Above half: nobody is woken for one value taken.
    #expect(next(&machine, pool) == .value(1))
    #expect(machine.takeResult(ticket: first) == nil)
    // Down to half: both are admitted in order, and woken once each.
    guard case .value(2, let effects) = machine.next() else {
      Issue.record("expected the second value")
      return
    }
    #expect(pool.resume(effects) == ["first", "second"])
    #expect(machine.takeResult(ticket: first) == .enqueued)
    #expect(machine.takeResult(ticket: second) == .enqueued)
    #expect(machine.bufferedCount == 4)
    for expected in 3...6 { #expect(next(&machine) == .value(expected)) }
  }

  @Test func aNewcomerWaitsBehindParkedSendersEvenWithRoom() async {
    let pool = WaiterPool()
    var machine = started(.suspend(4))
    for value in 1...4 { _ = machine.trySend(value) }
    let first = machine.makeTicket()
    #expect(machine.parkSender(ticket: first, value: 5, await pool.make("first")))
    #expect(next(&machine, pool) == .value(1))
    // Room for one, but a sender is waiting: the newcomer parks behind it.
    #expect(machine.trySend(9).0 == .full)
    let newcomer = machine.makeTicket()
    #expect(machine.parkSender(ticket: newcomer, value: 9, await pool.make("newcomer")))
    _ = pool.resume(machine.cancelSender(ticket: newcomer))
    _ = pool.resume(machine.cancelSender(ticket: first))
  }

  @Test func aSenderIsNotParkedWhenThereIsRoom() async {
    let pool = WaiterPool()
    var machine = started(.suspend(2))
    let waiter = await pool.make("sender")
    let ticket = machine.makeTicket()
    let parked = machine.parkSender(ticket: ticket, value: 1, waiter)
    #expect(!parked)
    _ = pool.resume(waiter)
  }

  @Test func aCancelledSenderStopsWaitingWithNoResult() async {
    let pool = WaiterPool()
    var machine = started(.suspend(1))
    _ = machine.trySend(1)
    let ticket = machine.makeTicket()
    #expect(machine.parkSender(ticket: ticket, value: 2, await pool.make("sender")))
    #expect(pool.resume(machine.cancelSender(ticket: ticket)) == ["sender"])
    #expect(machine.takeResult(ticket: ticket) == nil)
    #expect(machine.parkedSenderCount == 0)
  }

  @Test func cancelDiscardsTheBufferWakesEveryoneAndHandsBackTheCleanup() async {
    let pool = WaiterPool()
    var machine = started(.suspend(1))
    _ = machine.trySend(1)
    let ticket = machine.makeTicket()
    #expect(machine.parkSender(ticket: ticket, value: 2, await pool.make("sender")))
    #expect(machine.onCancel(CancelHandler {}) == nil)
    let effects = machine.cancel(())
    #expect(pool.resume(effects) == ["sender"])
    #expect(effects.subscriptionsToRelease.count == 1)
    #expect(machine.takeResult(ticket: ticket) == .terminated)
    #expect(machine.bufferedCount == 0)
    #expect(!machine.isAccepting)
    #expect(next(&machine) == .end(nil))
    // Cleanup registered after the end runs at once; a second cancel hands back nothing more.
    #expect(machine.onCancel(CancelHandler {}) != nil)
    #expect(machine.cancel(()).subscriptionsToRelease.isEmpty)
  }

  @Test func aCompletedSourceDropsItsCleanupAndRefusesParkedSenders() async {
    let pool = WaiterPool()
    var machine = started(.suspend(1))
    #expect(machine.onCancel(CancelHandler {}) == nil)
    _ = machine.trySend(1)
    let ticket = machine.makeTicket()
    #expect(machine.parkSender(ticket: ticket, value: 2, await pool.make("sender")))
    #expect(pool.resume(machine.complete(.finished)) == ["sender"])
    #expect(machine.takeResult(ticket: ticket) == .terminated)
    #expect(machine.onCancel(CancelHandler {}) == nil)
    #expect(machine.cancel(()).subscriptionsToRelease.isEmpty)
  }

  @Test func aTaskAdoptedAfterTheEndIsRefused() {
    var machine = started(.suspend(1))
    _ = machine.cancel(())
    let task = Task {}
    let adopted = machine.adopt(task)
    #expect(!adopted)
  }

  @Test func theEndCancelsTheBodysTask() {
    var machine = started(.suspend(1))
    let task = Task<Void, Never> {}
    let adopted = machine.adopt(task)
    #expect(adopted)
    _ = machine.complete(.finished)
    guard case .end(.finished, let effects) = machine.next() else {
      Issue.record("expected the end")
      return
    }
    #expect(effects.tasksToCancel.count == 1)
  }
}
