import Testing

@testable import Signal

@Suite struct CompanionStateMachineTests {
  private struct Boom: Error, Equatable {}
  private typealias Latest = CompanionStateMachine<WithLatestFromLogic<Int, String, Boom>>

  /// A machine whose producers have started (the first demand).
  private func started<Logic>(_ logic: Logic, capacity: Int = 8) -> CompanionStateMachine<Logic> {
    var machine = CompanionStateMachine(logic, capacity: capacity)
    var batch = RingBuffer<Logic.Output>()
    if case .startProducers = machine.refill(&batch, consumed: 0) {} else { Issue.record("no start on first demand") }
    return machine
  }

  /// What the consumer gets next: the queued outputs, or how the stream ended.
  private enum Drained<Output>: CustomStringConvertible {
    case outputs([Output])
    case waiting
    case finished
    case failed(Boom)

    var description: String {
      switch self {
      case .outputs(let outputs): "outputs \(outputs)"
      case .waiting: "waiting"
      case .finished: "finished"
      case .failed: "failed"
      }
    }
  }

  private func drain<Logic>(_ machine: inout CompanionStateMachine<Logic>) -> Drained<Logic.Output>
  where Logic.Failure == Boom {
    var batch = RingBuffer<Logic.Output>()
    switch machine.refill(&batch, consumed: 0) {
    case .deliver:
      var outputs: [Logic.Output] = []
      while let output = batch.popFirst() { outputs.append(output) }
      return .outputs(outputs)
    case .suspend, .startProducers: return .waiting
    case .finish: return .finished
    case .fail(let error, _): return .failed(error)
    }
  }

  private func values(_ drained: Drained<Int>) -> [Int]? {
    if case .outputs(let outputs) = drained { return outputs }
    return nil
  }

  private func pairs(_ drained: Drained<(Int, String)>) -> [String]? {
    if case .outputs(let outputs) = drained { return outputs.map { "\($0.0)\($0.1)" } }
    return nil
  }

  private func isDropped<Logic>(_ action: CompanionStateMachine<Logic>.UpstreamAction) -> Bool {
    if case .dropped = action { return true }
    return false
  }

  private func isQueued<Logic>(_ action: CompanionStateMachine<Logic>.UpstreamAction) -> Bool {
    if case .queued = action { return true }
    return false
  }

  private func isClosed<Logic>(_ action: CompanionStateMachine<Logic>.UpstreamAction) -> Bool {
    if case .closed = action { return true }
    return false
  }

  private func listens<Logic>(_ action: CompanionStateMachine<Logic>.CompanionAction) -> Bool {
    if case .listen = action { return true }
    return false
  }

  // MARK: Any logic

  @Test func nothingIsAcceptedBeforeTheFirstDemandOrAfterCancel() {
    var idle = Latest(WithLatestFromLogic(), capacity: 8)
    #expect(isClosed(idle.receive(1)))
    #expect(!listens(idle.receiveCompanion("a")))

    var machine = started(WithLatestFromLogic<Int, String, Boom>())
    #expect(listens(machine.receiveCompanion("a")))
    _ = machine.cancel(())
    #expect(isClosed(machine.receive(1)))
    #expect(!listens(machine.receiveCompanion("b")))
    #expect(machine.companionEnded(.failure(Boom())).isEmpty)
  }

  @Test func anOutputWithoutRoomIsHandedBackToBePushedWithBackPressure() {
    var machine = started(WithLatestFromLogic<Int, String, Boom>(), capacity: 1)
    _ = machine.receiveCompanion("a")
    #expect(isQueued(machine.receive(1)))
    guard case .full(let output) = machine.receive(2) else {
      Issue.record("expected no room")
      return
    }
    #expect(output.0 == 2 && output.1 == "a")
    #expect(pairs(drain(&machine)) == ["1a"])
  }

  @Test func theUpstreamEndingDeliversWhatIsQueuedThenEnds() {
    var machine = started(WithLatestFromLogic<Int, String, Boom>())
    _ = machine.receiveCompanion("a")
    _ = machine.receive(1)
    let effects = machine.complete(.failure(Boom()))
    #expect(effects.wakeups.isEmpty)
    #expect(pairs(drain(&machine)) == ["1a"])
    guard case .failed = drain(&machine) else {
      Issue.record("expected the failure after the queued output")
      return
    }
  }

  // MARK: withLatestFrom

  @Test func withLatestFromDropsValuesBeforeTheCompanionsFirstAndPairsWithTheLatest() {
    var machine = started(WithLatestFromLogic<Int, String, Boom>())
    #expect(isDropped(machine.receive(1)))
    #expect(listens(machine.receiveCompanion("a")))
    #expect(isQueued(machine.receive(2)))
    #expect(listens(machine.receiveCompanion("b")))
    #expect(listens(machine.receiveCompanion("c")))
    #expect(isQueued(machine.receive(3)))
    #expect(pairs(drain(&machine)) == ["2a", "3c"])
  }

  @Test func withLatestFromKeepsTheLatestValueWhenTheCompanionFinishes() {
    var machine = started(WithLatestFromLogic<Int, String, Boom>())
    _ = machine.receiveCompanion("a")
    #expect(machine.companionEnded(.finished).isEmpty)
    #expect(isQueued(machine.receive(1)))
    #expect(pairs(drain(&machine)) == ["1a"])
    if case .waiting = drain(&machine) {} else { Issue.record("the companion's end ended the stream") }
  }

  @Test func withLatestFromFailsWhenTheCompanionFails() {
    var machine = started(WithLatestFromLogic<Int, String, Boom>())
    _ = machine.receiveCompanion("a")
    _ = machine.receive(1)
    _ = machine.companionEnded(.failure(Boom()))
    #expect(isClosed(machine.receive(2)))
    #expect(pairs(drain(&machine)) == ["1a"])
    if case .failed = drain(&machine) {} else { Issue.record("expected the companion's failure") }
  }

  // MARK: prefix(untilOutputFrom:)

  @Test func prefixUntilOutputPassesValuesUntilTheCompanionsValueThenFinishes() {
    var machine = started(PrefixUntilOutputLogic<Int, Never, Boom>())
    #expect(isQueued(machine.receive(1)))
    guard case .stop = machine.receiveCompanion(()) else {
      Issue.record("the companion's value did not stop it")
      return
    }
    #expect(isClosed(machine.receive(2)))
    #expect(values(drain(&machine)) == [1])
    if case .finished = drain(&machine) {} else { Issue.record("expected the end") }
  }

  @Test func prefixUntilOutputIgnoresTheCompanionEndingWithoutAValue() {
    var machine = started(PrefixUntilOutputLogic<Int, Never, Boom>())
    #expect(machine.companionEnded(.finished).isEmpty)
    #expect(isQueued(machine.receive(1)))
    #expect(values(drain(&machine)) == [1])
    if case .waiting = drain(&machine) {} else { Issue.record("the companion's end ended the stream") }
  }

  // MARK: drop(untilOutputFrom:)

  @Test func dropUntilOutputDropsUntilTheCompanionsValueThenStopsReadingIt() {
    var machine = started(DropUntilOutputLogic<Int, Boom>())
    #expect(isDropped(machine.receive(1)))
    guard case .stop(let effects) = machine.receiveCompanion(()) else {
      Issue.record("the companion is still read after its value")
      return
    }
    #expect(effects.isEmpty)
    #expect(isQueued(machine.receive(2)))
    #expect(values(drain(&machine)) == [2])
  }

  @Test func dropUntilOutputEndsTheWayTheCompanionEndsBeforeItsValue() {
    var finishing = started(DropUntilOutputLogic<Int, Boom>())
    _ = finishing.companionEnded(.finished)
    #expect(isClosed(finishing.receive(1)))
    if case .finished = drain(&finishing) {} else { Issue.record("expected the end") }

    var failing = started(DropUntilOutputLogic<Int, Boom>())
    _ = failing.companionEnded(.failure(Boom()))
    if case .failed = drain(&failing) {} else { Issue.record("expected the companion's failure") }
  }
}

extension CompanionStateMachineTests {
  @Test func dropUntilOutputTheCompanionEndingCancelsTheProducersAndRefusesALateOne() {
    var machine = started(DropUntilOutputLogic<Int, Boom>())
    let producers = Task {}
    let adopted = machine.adopt(producers)
    #expect(adopted)
    let effects = machine.companionEnded(.finished)
    // The task reading the upstream is cancelled with the end, whatever it is doing.
    #expect(effects.tasksToCancel == [producers])
    // A producer task adopted after the end is refused: its starter cancels it.
    let late = Task {}
    let adoptedLate = machine.adopt(late)
    #expect(!adoptedLate)
    if case .finished = drain(&machine) {} else { Issue.record("expected the end") }
  }
}
