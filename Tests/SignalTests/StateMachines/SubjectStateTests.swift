import Testing

@testable import Signal

@Suite struct SubjectStateTests {
  private typealias State = SubjectState<Int, TestError>

  private enum Next: Equatable {
    case value(Int, resumingSender: String?)
    case end(Completion<TestError>?)
    case park
  }

  private static func passthrough() -> State {
    State(replayLimit: 0, initial: [], replaysAfterCompletion: false)
  }

  /// Subscribes the subscriber that reads the subject's lane (the first `.suspend` one), with room for more than a
  /// test sends, so that the subscribers a test makes next read the shared log.
  @discardableResult
  private static func takeTheLane(_ state: inout State) -> SubjectToken {
    let token = state.subscribe(policy: .suspend(SubjectLane<Int>.largestCapacity))
    #expect(state.laneReader?.id == token.id)
    return token
  }

  /// Sends `value`; returns the result and the names of the waiters the send hands back.
  private func send(_ value: Int, to state: inout State, _ pool: WaiterPool) -> (SubjectSendResult, [String]) {
    withUnsafeTemporaryAllocation(of: Waiter.self, capacity: 2) { memory in
      var wakes = SubjectWakeList(memory)
      let result = state.send(value, waking: &wakes)
      let waiters = Array(wakes.inline[0..<wakes.inlineCount]) + wakes.overflow
      return (result, waiters.map { pool.resume($0) })
    }
  }

  private func next(_ state: inout State, _ token: SubjectToken, _ pool: WaiterPool) -> Next {
    switch state.next(token) {
    case .value(let value, let sender): .value(value, resumingSender: sender.map { pool.resume($0) })
    case .end(let completion): .end(completion)
    case .park: .park
    }
  }

  @Test func aSubscriberGetsWhatIsSentAfterItSubscribedInOrder() {
    let pool = WaiterPool()
    var state = Self.passthrough()
    #expect(send(0, to: &state, pool) == (.delivered, []))
    let token = state.subscribe(policy: .suspend(4))
    #expect(send(1, to: &state, pool) == (.delivered, []))
    #expect(send(2, to: &state, pool) == (.delivered, []))
    #expect(next(&state, token, pool) == .value(1, resumingSender: nil))
    #expect(next(&state, token, pool) == .value(2, resumingSender: nil))
    #expect(next(&state, token, pool) == .park)
  }

  @Test func aParkedConsumerIsWokenByTheNextSendAndOnlyOnce() async {
    let pool = WaiterPool()
    var state = Self.passthrough()
    let token = state.subscribe(policy: .suspend(4))
    let parked = state.park(token, await pool.make("consumer"))
    #expect(parked)
    #expect(send(1, to: &state, pool) == (.delivered, ["consumer"]))
    #expect(send(2, to: &state, pool) == (.delivered, []))
    // Something is buffered: parking again is refused, the consumer must take it.
    let parkedAgain = state.park(token, await pool.make("again"))
    #expect(!parkedAgain)
  }

  @Test func aFullSuspendSubscriberRefusesSendsUntilItDrainsToHalf() async {
    let pool = WaiterPool()
    var state = Self.passthrough()
    let token = state.subscribe(policy: .suspend(4))
    for value in 1...4 { #expect(send(value, to: &state, pool) == (.delivered, [])) }
    #expect(send(5, to: &state, pool) == (.full, []))
    let ticket = state.makeTicket()
    let senderParked = state.parkSender(ticket: ticket, await pool.make("sender"))
    #expect(senderParked)
    #expect(next(&state, token, pool) == .value(1, resumingSender: nil))
    // Drained to the low watermark (half of 4): the parked sender is handed back.
    #expect(next(&state, token, pool) == .value(2, resumingSender: "sender"))
    #expect(send(5, to: &state, pool) == (.delivered, []))
  }

  @Test func aBatchCountsAgainstTheCapacityAndReportsAtTheLowWatermark() async {
    let pool = WaiterPool()
    var state = Self.passthrough()
    Self.takeTheLane(&state)
    let token = state.subscribe(policy: .suspend(8))
    for value in 1...8 { #expect(send(value, to: &state, pool) == (.delivered, [])) }
    let ticket = state.makeTicket()
    #expect(state.parkSender(ticket: ticket, await pool.make("sender")))
    var batch = RingBuffer<Int>()
    var reportAfter = -1
    guard case .value(1, nil) = state.next(token, batchingInto: &batch, reportAfter: &reportAfter) else {
      Issue.record("expected the first value and no sender")
      return
    }
    // Half the capacity comes along; the rest stays buffered, and all of it still holds senders back.
    #expect(batch.removeFirst() == [2, 3, 4, 5])
    #expect(send(9, to: &state, pool) == (.full, []))
    // 3 buffered + 4 held: after 3 of the batch's values, 4 are left in all, the low watermark.
    #expect(reportAfter == 3)
    #expect(state.consumedFromBatch(token, remaining: 2).map { pool.resume($0) } == nil)
    #expect(state.consumedFromBatch(token, remaining: 1).map { pool.resume($0) } == "sender")
    #expect(send(9, to: &state, pool) == (.delivered, []))
  }

  @Test func aDroppingSubscriberTakesOneValueAtATime() {
    var state = Self.passthrough()
    let token = state.subscribe(policy: .dropOldest(4))
    for value in 1...4 {
      _ = withUnsafeTemporaryAllocation(of: Waiter.self, capacity: 2) { memory in
        var wakes = SubjectWakeList(memory)
        return state.send(value, waking: &wakes)
      }
    }
    var batch = RingBuffer<Int>()
    var reportAfter = 0
    guard case .value(1, nil) = state.next(token, batchingInto: &batch, reportAfter: &reportAfter) else {
      Issue.record("expected the first value")
      return
    }
    #expect(batch.isEmpty)
  }

  @Test func droppingPoliciesNeverRefuseASend() {
    let pool = WaiterPool()
    var state = Self.passthrough()
    let oldest = state.subscribe(policy: .dropOldest(2))
    let newest = state.subscribe(policy: .dropNewest(2))
    for value in 1...4 { #expect(send(value, to: &state, pool) == (.delivered, [])) }
    #expect(next(&state, oldest, pool) == .value(3, resumingSender: nil))
    #expect(next(&state, oldest, pool) == .value(4, resumingSender: nil))
    #expect(next(&state, newest, pool) == .value(1, resumingSender: nil))
    #expect(next(&state, newest, pool) == .value(2, resumingSender: nil))
  }

  @Test func theCompletionComesAfterTheBufferedValuesAndWakesEveryone() async {
    let pool = WaiterPool()
    var state = Self.passthrough()
    let busy = state.subscribe(policy: .suspend(1))
    let idle = state.subscribe(policy: .suspend(4))
    #expect(send(1, to: &state, pool) == (.delivered, []))
    // `busy` is full: a second send parks.
    let senderParked = state.parkSender(ticket: state.makeTicket(), await pool.make("sender"))
    #expect(senderParked)
    #expect(next(&state, idle, pool) == .value(1, resumingSender: nil))
    let idleParked = state.park(idle, await pool.make("idle"))
    #expect(idleParked)
    #expect(Set(pool.resume(state.complete(.failure(.boom)))) == ["sender", "idle"])
    #expect(send(2, to: &state, pool) == (.completed, []))
    #expect(next(&state, busy, pool) == .value(1, resumingSender: nil))
    #expect(next(&state, busy, pool) == .end(.failure(.boom)))
    #expect(next(&state, idle, pool) == .end(.failure(.boom)))
    // Once delivered, the subscription is over.
    #expect(next(&state, idle, pool) == .end(nil))
    #expect(state.complete(.finished).wakeups.first == nil)
  }

  @Test func cancellingASubscriberWakesItAndTheSenderItWasBlocking() async {
    let pool = WaiterPool()
    var state = Self.passthrough()
    let blocking = state.subscribe(policy: .suspend(1))
    let parkedTask = state.subscribe(policy: .suspend(4))
    #expect(send(1, to: &state, pool) == (.delivered, []))
    #expect(next(&state, parkedTask, pool) == .value(1, resumingSender: nil))
    let consumerParked = state.park(parkedTask, await pool.make("consumer"))
    let senderParked = state.parkSender(ticket: state.makeTicket(), await pool.make("sender"))
    #expect(consumerParked && senderParked)
    #expect(pool.resume(state.cancel(parkedTask)) == ["consumer"])
    #expect(pool.resume(state.cancel(blocking)) == ["sender"])
    #expect(next(&state, blocking, pool) == .end(nil))
    #expect(pool.resume(state.cancel(blocking)).isEmpty)
    // The freed slots are reused by new subscribers, which see only new values.
    let fresh = state.subscribe(policy: .suspend(4))
    #expect(send(2, to: &state, pool) == (.delivered, []))
    #expect(next(&state, fresh, pool) == .value(2, resumingSender: nil))
  }

  @Test func aCancelledSenderLeavesTheQueue() async {
    let pool = WaiterPool()
    var state = Self.passthrough()
    _ = state.subscribe(policy: .suspend(1))
    #expect(send(1, to: &state, pool) == (.delivered, []))
    let ticket = state.makeTicket()
    let parked = state.parkSender(ticket: ticket, await pool.make("sender"))
    #expect(parked)
    #expect(state.cancelSender(ticket: ticket).map { pool.resume($0) } == "sender")
    #expect(state.cancelSender(ticket: ticket) == nil)
  }

  @Test func aReplayWindowIsHandedToNewSubscribersAndAfterTheCompletionOnlyIfAsked() {
    let pool = WaiterPool()
    var replaying = State(replayLimit: 2, initial: [], replaysAfterCompletion: true)
    var current = State(replayLimit: 1, initial: [0], replaysAfterCompletion: false)
    #expect(current.oldestReplayed == 0)
    for value in 1...3 {
      _ = send(value, to: &replaying, pool)
      _ = send(value, to: &current, pool)
    }
    #expect(current.oldestReplayed == 3)
    let late = replaying.subscribe(policy: .suspend(4))
    #expect(next(&replaying, late, pool) == .value(2, resumingSender: nil))
    #expect(next(&replaying, late, pool) == .value(3, resumingSender: nil))
    _ = replaying.complete(.finished)
    _ = current.complete(.finished)
    let afterReplaying = replaying.subscribe(policy: .suspend(4))
    let afterCurrent = current.subscribe(policy: .suspend(4))
    #expect(next(&replaying, afterReplaying, pool) == .value(2, resumingSender: nil))
    #expect(next(&current, afterCurrent, pool) == .end(.finished))
  }

  // MARK: The shared log and its cursors

  @Test func aSendAppendsOnceWhateverTheNumberOfSubscribersAndEachReadsAtItsOwnPace() {
    let pool = WaiterPool()
    var state = Self.passthrough()
    let fast = state.subscribe(policy: .suspend(8))
    let slow = state.subscribe(policy: .suspend(8))
    _ = state.subscribe(policy: .suspend(8))
    for value in 1...3 { #expect(send(value, to: &state, pool) == (.delivered, [])) }
    #expect(state.log.count == 3)
    #expect(next(&state, fast, pool) == .value(1, resumingSender: nil))
    #expect(next(&state, fast, pool) == .value(2, resumingSender: nil))
    #expect(next(&state, slow, pool) == .value(1, resumingSender: nil))
    #expect(next(&state, fast, pool) == .value(3, resumingSender: nil))
    #expect(next(&state, fast, pool) == .park)
    #expect(next(&state, slow, pool) == .value(2, resumingSender: nil))
  }

  @Test func theSlowestSubscriberBlocksAtItsOwnCapacityAndTheLogKeepsOnlyWhatItHasNotRead() async {
    let pool = WaiterPool()
    var state = Self.passthrough()
    Self.takeTheLane(&state)
    let small = state.subscribe(policy: .suspend(2))
    let large = state.subscribe(policy: .suspend(8))
    #expect(send(1, to: &state, pool) == (.delivered, []))
    #expect(send(2, to: &state, pool) == (.delivered, []))
    // `small` is owed its 2: the next send is refused, although `large` has room.
    #expect(send(3, to: &state, pool) == (.full, []))
    #expect(next(&state, large, pool) == .value(1, resumingSender: nil))
    #expect(next(&state, large, pool) == .value(2, resumingSender: nil))
    #expect(send(3, to: &state, pool) == (.full, []))
    #expect(next(&state, small, pool) == .value(1, resumingSender: nil))
    #expect(send(3, to: &state, pool) == (.delivered, []))
    // Full again at 2 owed: the bound counted `small` again once it stopped blocking.
    #expect(send(4, to: &state, pool) == (.full, []))
    // The walk that found it full let go of what both had read (value 1).
    #expect(state.log.start == 1 && state.log.end == 3)
    #expect(next(&state, small, pool) == .value(2, resumingSender: nil))
    #expect(next(&state, small, pool) == .value(3, resumingSender: nil))
    #expect(next(&state, large, pool) == .value(3, resumingSender: nil))
  }

  @Test func aLoneReaderLetsGoOfEachValueAsItReadsItAndTheLastOneToLeaveEmptiesTheLog() {
    let pool = WaiterPool()
    var state = Self.passthrough()
    Self.takeTheLane(&state)
    let only = state.subscribe(policy: .suspend(8))
    for value in 1...3 { _ = send(value, to: &state, pool) }
    #expect(next(&state, only, pool) == .value(1, resumingSender: nil))
    #expect(state.log.count == 2)
    let other = state.subscribe(policy: .suspend(8))
    _ = send(4, to: &state, pool)
    #expect(pool.resume(state.cancel(only)).isEmpty)
    #expect(state.log.count == 3)
    #expect(pool.resume(state.cancel(other)).isEmpty)
    #expect(state.log.count == 0)
    // With no reader, sends append nothing; a new reader starts at the end.
    _ = send(5, to: &state, pool)
    #expect(state.log.count == 0)
    let late = state.subscribe(policy: .suspend(8))
    _ = send(6, to: &state, pool)
    #expect(next(&state, late, pool) == .value(6, resumingSender: nil))
  }

  @Test func aLateSubscriberStartsAtTheLogsEndWhileOthersAreStillBehind() {
    let pool = WaiterPool()
    var state = Self.passthrough()
    let early = state.subscribe(policy: .suspend(8))
    _ = send(1, to: &state, pool)
    _ = send(2, to: &state, pool)
    let late = state.subscribe(policy: .suspend(8))
    _ = send(3, to: &state, pool)
    #expect(next(&state, late, pool) == .value(3, resumingSender: nil))
    #expect(next(&state, late, pool) == .park)
    #expect(next(&state, early, pool) == .value(1, resumingSender: nil))
  }

  @Test func replayedValuesComeBeforeTheLogAndCountAgainstTheCapacity() {
    let pool = WaiterPool()
    var state = State(replayLimit: 2, initial: [], replaysAfterCompletion: true)
    _ = send(1, to: &state, pool)
    _ = send(2, to: &state, pool)
    let token = state.subscribe(policy: .suspend(3))
    #expect(send(3, to: &state, pool) == (.delivered, []))
    // Two replayed and one in the log: owed its capacity of 3.
    #expect(send(4, to: &state, pool) == (.full, []))
    #expect(next(&state, token, pool) == .value(1, resumingSender: nil))
    #expect(next(&state, token, pool) == .value(2, resumingSender: nil))
    #expect(next(&state, token, pool) == .value(3, resumingSender: nil))
  }

  @Test func onlyParkedConsumersAreWokenAndACancelledOneIsNot() async {
    let pool = WaiterPool()
    var state = Self.passthrough()
    let parked = state.subscribe(policy: .suspend(8))
    let cancelled = state.subscribe(policy: .suspend(8))
    _ = state.subscribe(policy: .dropOldest(8))
    #expect(state.park(parked, await pool.make("parked")))
    #expect(state.park(cancelled, await pool.make("cancelled")))
    #expect(pool.resume(state.cancel(cancelled)) == ["cancelled"])
    // The freed slot is taken by a subscriber that does not park.
    _ = state.subscribe(policy: .suspend(8))
    #expect(send(1, to: &state, pool) == (.delivered, ["parked"]))
    #expect(send(2, to: &state, pool) == (.delivered, []))
  }

  @Test func parkingAndCancellingWithNoSendKeepsTheParkedListBounded() async {
    let pool = WaiterPool()
    var state = Self.passthrough()
    // Resumed only at the end: a parked task's waiter is its context's address, which a task made after it
    // ended could reuse.
    var cancellations: [Effects] = []
    for round in 0..<100 {
      let token = state.subscribe(policy: .suspend(8))
      #expect(state.park(token, await pool.make("consumer \(round)")))
      cancellations.append(state.cancel(token))
    }
    #expect(state.parkedSlots.count <= 2 * state.subscribers.count + 9)
    #expect(cancellations.flatMap { pool.resume($0) }.count == 100)
  }

  @Test func aDroppingSubscribersReusedSlotReceivesEachValueOnce() {
    let pool = WaiterPool()
    var state = Self.passthrough()
    for _ in 0..<20 {
      let gone = state.subscribe(policy: .dropNewest(4))
      _ = state.cancel(gone)
    }
    let token = state.subscribe(policy: .dropNewest(4))
    _ = send(1, to: &state, pool)
    #expect(next(&state, token, pool) == .value(1, resumingSender: nil))
    #expect(next(&state, token, pool) == .park)
    #expect(state.droppingSlots.count <= 2 * state.subscribers.count + 9)
  }

  @Test func whenEveryReaderHasParkedTheLogHoldsNothing() async {
    let pool = WaiterPool()
    var state = Self.passthrough()
    let first = state.subscribe(policy: .suspend(8))
    let second = state.subscribe(policy: .suspend(8))
    let leaving = state.subscribe(policy: .suspend(8))
    for value in 1...3 { _ = send(value, to: &state, pool) }
    for token in [first, second, leaving] {
      for value in 1...3 { #expect(next(&state, token, pool) == .value(value, resumingSender: nil)) }
    }
    #expect(state.park(first, await pool.make("first")))
    #expect(state.park(leaving, await pool.make("leaving")))
    #expect(state.log.count == 3)
    // A parked reader that is cancelled no longer counts among the parked ones.
    #expect(pool.resume(state.cancel(leaving)) == ["leaving"])
    #expect(state.park(second, await pool.make("second")))
    #expect(state.log.count == 0)
    #expect(Set(send(4, to: &state, pool).1) == ["first", "second"])
    #expect(next(&state, first, pool) == .value(4, resumingSender: nil))
    #expect(state.park(first, await pool.make("first again")))
    #expect(state.log.count == 1)
  }

  // MARK: The lane reader

  @Test func theFirstSuspendSubscriberReadsTheLaneAndTheOthersTheLog() {
    var state = Self.passthrough()
    _ = state.subscribe(policy: .dropOldest(4))
    #expect(state.laneReader == nil)
    let first = state.subscribe(policy: .suspend(4))
    let second = state.subscribe(policy: .suspend(4))
    #expect(state.laneReader?.id == first.id)
    #expect(state.subscribers[first.slot].readsLane && !state.subscribers[first.slot].isSuspending)
    #expect(!state.subscribers[second.slot].readsLane && state.subscribers[second.slot].isSuspending)
    #expect(state.suspendingCount == 1)
    // A capacity too large for a ring reads the log, whose storage grows only as far as it is used.
    var huge = Self.passthrough()
    _ = huge.subscribe(policy: .suspend(SubjectLane<Int>.largestCapacity + 1))
    #expect(huge.laneReader == nil)
  }

  @Test func theLaneReaderBlocksSendersAtItsCapacityAndLetsThemGoAtHalfWhenItTakesWithoutTheLock() async throws {
    let pool = WaiterPool()
    var state = Self.passthrough()
    let token = state.subscribe(policy: .suspend(4))
    let lane = try #require(state.lane)
    for value in 1...4 { #expect(send(value, to: &state, pool) == (.delivered, [])) }
    #expect(send(5, to: &state, pool) == (.full, []))
    // The sender that found it full asked the reader to report back.
    let asked = lane.senderWaiting.load(ordering: .relaxed)
    #expect(asked)
    let ticket = state.makeTicket()
    #expect(state.parkSender(ticket: ticket, await pool.make("sender")))
    // The reader takes two values without the lock; at 2 of 4 left it reports, and the sender goes.
    #expect(lane.take(at: 0) == 1)
    #expect(state.laneDrained(token).map { pool.resume($0) } == nil)
    #expect(lane.take(at: 1) == 2)
    #expect(state.laneDrained(token).map { pool.resume($0) } == "sender")
    let stillAsked = lane.senderWaiting.load(ordering: .relaxed)
    #expect(!stillAsked)
    #expect(send(5, to: &state, pool) == (.delivered, []))
    #expect(send(6, to: &state, pool) == (.delivered, []))
    #expect(send(7, to: &state, pool) == (.full, []))
  }

  @Test func theLaneReaderTakesItsReplayedValuesFirstThenTheLanesUnderTheLock() {
    let pool = WaiterPool()
    var state = State(replayLimit: 2, initial: [1, 2], replaysAfterCompletion: false)
    let token = state.subscribe(policy: .suspend(4))
    #expect(state.laneReader?.id == token.id)
    #expect(send(3, to: &state, pool) == (.delivered, []))
    #expect(state.lane?.count == 1)
    #expect(next(&state, token, pool) == .value(1, resumingSender: nil))
    #expect(next(&state, token, pool) == .value(2, resumingSender: nil))
    #expect(next(&state, token, pool) == .value(3, resumingSender: nil))
    #expect(next(&state, token, pool) == .park)
  }

  @Test func theLaneReaderParksOnlyWhenItsLaneIsEmptyAndEndsAfterIt() async {
    let pool = WaiterPool()
    var state = Self.passthrough()
    let token = state.subscribe(policy: .suspend(4))
    #expect(send(1, to: &state, pool) == (.delivered, []))
    let parked = state.park(token, await pool.make("early"))
    #expect(!parked)
    _ = pool.resume(state.complete(.finished))
    #expect(next(&state, token, pool) == .value(1, resumingSender: nil))
    #expect(next(&state, token, pool) == .end(.finished))
    #expect(state.laneReader == nil && state.lane == nil)
  }

  @Test func whenTheLaneReaderGoesTheNextSuspendSubscriberGetsALaneOfItsOwn() {
    let pool = WaiterPool()
    var state = Self.passthrough()
    let first = state.subscribe(policy: .suspend(4))
    for value in 1...4 { _ = send(value, to: &state, pool) }
    // It was full; leaving lets the sender go, and its values go with its lane.
    #expect(send(5, to: &state, pool) == (.full, []))
    #expect(pool.resume(state.cancel(first)).isEmpty)
    #expect(state.laneReader == nil && state.lane == nil && state.blockingCount == 0)
    let second = state.subscribe(policy: .suspend(2))
    #expect(state.laneReader?.id == second.id)
    #expect(send(6, to: &state, pool) == (.delivered, []))
    #expect(next(&state, second, pool) == .value(6, resumingSender: nil))
  }
}
