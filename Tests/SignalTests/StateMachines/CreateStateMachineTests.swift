import Testing

@testable import Signal

@Suite struct CreateStateMachineTests {
  private typealias Machine = CreateStateMachine<Int, TestError>

  private enum Next: Equatable {
    case value(Int)
    /// A `.suspend` buffer's values, handed over whole (still lent to the consumer).
    case batch([Int])
    case end(Completion<TestError>?)
    case start
    case park
  }

  /// One `next`, summed up; the senders it admits are resumed through `pool`, if given.
  private func next(_ machine: inout Machine, _ pool: WaiterPool? = nil) -> Next {
    var batch = RingBuffer<Int>()
    switch machine.next(into: &batch) {
    case .value(let value):
      return .value(value)
    case .batch(let effects):
      _ = pool?.resume(effects)
      var values: [Int] = []
      while let value = batch.popFirst() { values.append(value) }
      return .batch(values)
    case .end(let completion, _): return .end(completion)
    case .start: return .start
    case .park: return .park
    }
  }

  private func started(_ policy: BufferingPolicy) -> Machine {
    var machine = Machine(policy: policy)
    var batch = RingBuffer<Int>()
    _ = machine.next(into: &batch)
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
    #expect(next(&machine) == .batch([1, 2, 3]))
    _ = machine.returned(3)
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
    let (result, consumer) = machine.trySend(7)
    #expect(result == .enqueued)
    #expect(pool.resume(Effects(waking: consumer)) == ["consumer"])
    #expect(next(&machine) == .batch([7]))
  }

  @Test func aBatchTakesRoomUntilTheConsumerReturnsItsValues() {
    var machine = started(.suspend(2))
    for value in 1...2 { #expect(machine.trySend(value).0 == .enqueued) }
    #expect(next(&machine) == .batch([1, 2]))
    #expect(machine.bufferedCount == 2)
    #expect(machine.trySend(3).0 == .full)
    #expect(machine.returned(1).isEmpty)
    #expect(machine.trySend(3).0 == .enqueued)
    #expect(machine.trySend(4).0 == .full)
    #expect(machine.lent == 1)
  }

  @Test func returningAValueAdmitsTheFirstParkedSenderInOrder() async {
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
    // Handed to the consumer, the value still takes the room: nobody is admitted yet.
    #expect(next(&machine, pool) == .batch([1]))
    #expect(machine.takeResult(ticket: first) == nil)
    #expect(pool.resume(machine.returned(1)) == ["first"])
    #expect(machine.takeResult(ticket: first) == .enqueued)
    #expect(machine.bufferedCount == 1)
    #expect(next(&machine) == .batch([2]))
    #expect(pool.resume(machine.returned(1)) == ["second"])
    #expect(machine.takeResult(ticket: second) == .enqueued)
    #expect(next(&machine) == .batch([3]))
  }

  @Test func parkedSendersAreAdmittedTogetherOnceTheBufferIsDownToHalf() async {
    let pool = WaiterPool()
    var machine = started(.suspend(4))
    for value in 1...4 { _ = machine.trySend(value) }
    let first = machine.makeTicket()
    let second = machine.makeTicket()
    #expect(machine.parkSender(ticket: first, value: 5, await pool.make("first")))
    #expect(machine.parkSender(ticket: second, value: 6, await pool.make("second")))
    #expect(next(&machine, pool) == .batch([1, 2, 3, 4]))
    // Above half: nobody is woken for one value returned.
    #expect(pool.resume(machine.returned(1)).isEmpty)
    #expect(machine.takeResult(ticket: first) == nil)
    // Down to half: both are admitted in order, and woken once each.
    #expect(pool.resume(machine.returned(1)) == ["first", "second"])
    #expect(machine.takeResult(ticket: first) == .enqueued)
    #expect(machine.takeResult(ticket: second) == .enqueued)
    #expect(machine.bufferedCount == 4)
    _ = machine.returned(2)
    #expect(next(&machine) == .batch([5, 6]))
  }

  @Test func aNewcomerWaitsBehindParkedSendersEvenWithRoom() async {
    let pool = WaiterPool()
    var machine = started(.suspend(4))
    for value in 1...4 { _ = machine.trySend(value) }
    let first = machine.makeTicket()
    #expect(machine.parkSender(ticket: first, value: 5, await pool.make("first")))
    #expect(next(&machine, pool) == .batch([1, 2, 3, 4]))
    #expect(pool.resume(machine.returned(1)).isEmpty)
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

  @Test func valuesReturnedAfterTheEndAreIgnored() {
    var machine = started(.suspend(4))
    for value in 1...3 { _ = machine.trySend(value) }
    #expect(next(&machine) == .batch([1, 2, 3]))
    _ = machine.cancel(())
    #expect(machine.returned(2).isEmpty)
    #expect(machine.bufferedCount == 0)
    #expect(machine.lent == 0)
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
    var batch = RingBuffer<Int>()
    guard case .end(.finished, let effects) = machine.next(into: &batch) else {
      Issue.record("expected the end")
      return
    }
    #expect(effects.tasksToCancel.count == 1)
  }
}
