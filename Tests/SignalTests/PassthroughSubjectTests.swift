import Dispatch
import Synchronization
import Testing

@testable import Signal

private enum Boom: Error, Equatable { case boom }

/// Polls (yielding, with a deadline) until `condition` holds: for states no explicit signal
/// exposes, such as "a continuation is parked" (read from a Census scope). Also used by SinkTests.
///
/// Gives up only once the deadline has passed *and* the awaited tasks have had many turns since: in the full test
/// run other suites block the cooperative threads for seconds (tmux and pseudo-terminal tests wait for child
/// processes), so the deadline can pass while neither this loop nor the task it waits for has run at all.
func eventually(_ condition: () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + .seconds(10)
  var turnsPastDeadline = 0
  while !condition() {
    if ContinuousClock.now > deadline {
      turnsPastDeadline += 1
      if turnsPastDeadline > 10_000 { return false }
    }
    await Task.yield()
  }
  return true
}

@Suite struct PassthroughSubjectTests {
  @Test func subscriberSeesValuesSentAfterItSubscribedThenTheCompletion() async {
    let subject = PassthroughSubject<Int, Never>()
    await subject.send(0)
    var iterator = subject.makeAsyncIterator()
    for value in 1...3 { await subject.send(value) }
    await subject.send(completion: .finished)
    var received: [Int] = []
    while let value = await iterator.next() { received.append(value) }
    #expect(received == [1, 2, 3])
    #expect(await iterator.next() == nil)
  }

  @Test func subscriberJoiningAfterCompletionGetsTheCompletion() async throws {
    let finished = PassthroughSubject<Int, Never>()
    await finished.send(completion: .finished)
    var lateFinished = finished.makeAsyncIterator()
    #expect(await lateFinished.next() == nil)

    let failed = PassthroughSubject<Int, Boom>()
    await failed.send(1)
    await failed.send(completion: .failure(.boom))
    var lateFailed = failed.makeAsyncIterator()
    await #expect(throws: Boom.boom) { try await lateFailed.next() }
    #expect(try await lateFailed.next() == nil)
  }

  @Test func failureReachesEverySubscriberAfterItsBufferedValues() async throws {
    let subject = PassthroughSubject<Int, Boom>()
    var iterators = (0..<3).map { _ in subject.makeAsyncIterator() }
    await subject.send(7)
    await subject.send(completion: .failure(.boom))
    for index in iterators.indices {
      #expect(try await iterators[index].next() == 7)
      await #expect(throws: Boom.boom) { try await iterators[index].next() }
    }
  }

  @Test func sendsAfterCompletionAreIgnored() async {
    let subject = PassthroughSubject<Int, Never>()
    var iterator = subject.makeAsyncIterator()
    await subject.send(completion: .finished)
    await subject.send(1)
    #expect(subject.trySend(2) == .completed)
    #expect(await iterator.next() == nil)
  }

  @Test func dropOldestKeepsTheNewestValues() async {
    let subject = PassthroughSubject<Int, Never>()
    var iterator = subject.values(buffering: .dropOldest(3)).makeAsyncIterator()
    for value in 1...10 { #expect(subject.trySend(value) == .delivered) }
    await subject.send(completion: .finished)
    var received: [Int] = []
    while let value = await iterator.next() { received.append(value) }
    #expect(received == [8, 9, 10])
  }

  @Test func dropNewestKeepsTheOldestValues() async {
    let subject = PassthroughSubject<Int, Never>()
    var iterator = subject.values(buffering: .dropNewest(3)).makeAsyncIterator()
    for value in 1...10 { #expect(subject.trySend(value) == .delivered) }
    #expect(await iterator.next() == 1)
    // Reading made room for exactly one more.
    await subject.send(11)
    await subject.send(12)
    await subject.send(completion: .finished)
    var received: [Int] = []
    while let value = await iterator.next() { received.append(value) }
    #expect(received == [2, 3, 11])
  }

  @Test func suspendBlocksTheSenderUntilTheSlowSubscriberReadsAndLosesNothing() async {
    let subject = PassthroughSubject<Int, Never>()
    var iterator = subject.values(buffering: .suspend(2)).makeAsyncIterator()
    let (progress, reporter) = AsyncStream.makeStream(of: Int.self)
    let sender = Task {
      for value in 1...10 {
        await subject.send(value)
        reporter.yield(value)
      }
      reporter.finish()
    }
    var progressIterator = progress.makeAsyncIterator()
    #expect(await progressIterator.next() == 1)
    #expect(await progressIterator.next() == 2)
    // The buffer is full: nothing more can be delivered until the subscriber reads.
    #expect(subject.trySend(99) == .full)
    var received: [Int] = []
    while received.count < 10, let value = await iterator.next() { received.append(value) }
    #expect(received == Array(1...10))
    await sender.value
    var reported: [Int] = []
    while let value = await progressIterator.next() { reported.append(value) }
    #expect(reported == Array(3...10))
  }

  @Test func copiesOfAnIteratorShareItsPositionAndNeverTakeAValueTwice() async {
    // An iterator is a value: a copy made in the middle of a run and used in turn with the original reads on from
    // the same position (the lane reader's position lives in its lane), so no value comes twice or is released twice.
    final class Box: Sendable {
      let value: Int
      init(_ value: Int) { self.value = value }
    }
    let subject = PassthroughSubject<Box, Never>()
    var original = subject.values(buffering: .suspend(8)).makeAsyncIterator()
    for value in 1...6 { #expect(subject.trySend(Box(value)) == .delivered) }
    #expect(await original.next()?.value == 1)
    var copy = original
    #expect(await original.next()?.value == 2)
    #expect(await copy.next()?.value == 3)
    #expect(await original.next()?.value == 4)
    var received: [Int] = []
    #expect(copy.deliverHeld { received.append($0.value) })
    #expect(received == [5, 6])
    #expect(subject.trySend(Box(7)) == .delivered)
    #expect(await original.next()?.value == 7)
  }

  @Test func suspendPolicyOnlyBlocksWhenFullAndFreesAtHalf() async {
    let subject = PassthroughSubject<Int, Never>()
    var iterator = subject.values(buffering: .suspend(4)).makeAsyncIterator()
    for value in 1...4 { #expect(subject.trySend(value) == .delivered) }
    #expect(subject.trySend(5) == .full)
    #expect(await iterator.next() == 1)
    // Still above the low watermark (half of 4): senders keep waiting, batching wake-ups.
    #expect(subject.trySend(5) == .full)
    #expect(await iterator.next() == 2)
    #expect(subject.trySend(5) == .delivered)
  }

  @Test func droppingASubscriberReleasesASenderWaitingOnIt() async {
    let scope = CensusScope()
    let subject = Census.$scope.withValue(scope) { PassthroughSubject<Int, Never>() }
    var lossless = subject.values(buffering: .dropOldest(8)).makeAsyncIterator()
    var slow: SubjectValues<Int, Never>.Iterator? = subject.values(buffering: .suspend(1)).makeAsyncIterator()
    let sender = Task {
      await subject.send(1)
      await subject.send(2)
    }
    #expect(await eventually { scope.parkedContinuations.load(ordering: .acquiring) == 1 })
    #expect(slow != nil)
    slow = nil
    await sender.value
    #expect(await lossless.next() == 1)
    #expect(await lossless.next() == 2)
  }

  @Test func cancelledSenderStopsWaitingAndItsValueReachesNoSubscriber() async {
    let scope = CensusScope()
    let subject = Census.$scope.withValue(scope) { PassthroughSubject<Int, Never>() }
    var iterator = subject.values(buffering: .suspend(1)).makeAsyncIterator()
    var other = subject.values(buffering: .dropOldest(8)).makeAsyncIterator()
    await subject.send(1)
    let sender = Task { await subject.send(2) }
    #expect(await eventually { scope.parkedContinuations.load(ordering: .acquiring) == 1 })
    sender.cancel()
    await sender.value
    await subject.send(completion: .finished)
    #expect(await iterator.next() == 1)
    #expect(await iterator.next() == nil)
    #expect(await other.next() == 1)
    #expect(await other.next() == nil)
    #expect(scope.parkedContinuations.load(ordering: .acquiring) == 0)
  }

  @MainActor @Test func aSenderThatFindsTheSubjectFullYieldsOnceAndIfCancelledThenDeliversNothing() async {
    // On the main actor the order is fixed: the sender finds the subject full and yields, the sink (woken by 1) runs
    // and makes room, then the sender resumes. Cancelled by then, it returns instead of trying again.
    var received: [Int] = []
    let subject = PassthroughSubject<Int, Never>()
    let sink = subject.values(buffering: .suspend(1)).sink { received.append($0) }
    let sender = Task { @MainActor in await subject.send(2) }
    #expect(subject.trySend(1) == .delivered)
    sender.cancel()
    await sender.value
    #expect(received == [1])
    #expect(subject.trySend(3) == .delivered)
    await Task.yield()
    #expect(received == [1, 3])
    withExtendedLifetime(sink) {}
  }

  @MainActor @Test func aParkedSenderCancelledAsRoomAppearsDeliversNothing() async {
    let subject = PassthroughSubject<Int, Never>()
    var iterator = subject.values(buffering: .suspend(1)).makeAsyncIterator()
    #expect(subject.trySend(1) == .delivered)
    let sender = Task { @MainActor in await subject.send(2) }
    let storage = subject.core.storage
    #expect(await eventually { @Sendable in storage.state.withLock { $0.waitingSenders.count } == 1 })
    // Room and the cancellation in one turn of the main actor: the sender wakes to both, and sends nothing.
    #expect(await iterator.next(isolation: #isolation) == 1)
    sender.cancel()
    await sender.value
    #expect(subject.trySend(3) == .delivered)
    #expect(await iterator.next(isolation: #isolation) == 3)
  }

  @Test func cancellingAWaitingSubscriberEndsItsStream() async {
    let scope = CensusScope()
    let subject = Census.$scope.withValue(scope) { PassthroughSubject<Int, Never>() }
    let (subscribed, signal) = AsyncStream.makeStream(of: Void.self)
    let subscriber = Task {
      var iterator = subject.makeAsyncIterator()
      signal.yield()
      return await iterator.next()
    }
    var subscribedIterator = subscribed.makeAsyncIterator()
    await subscribedIterator.next()
    #expect(await eventually { scope.parkedContinuations.load(ordering: .acquiring) == 1 })
    subscriber.cancel()
    #expect(await subscriber.value == nil)
    #expect(scope.parkedContinuations.load(ordering: .acquiring) == 0)
    // The cancelled subscription is gone: a suspend(64) subscriber never blocks this sender again.
    for value in 0..<200 { #expect(subject.trySend(value) == .delivered) }
  }

  @Test func manySubscribersEachSeeEveryValueInOrder() async {
    let subject = PassthroughSubject<Int, Never>()
    let count = 2_000
    let (ready, signal) = AsyncStream.makeStream(of: Void.self)
    let subscribers = (0..<8).map { index in
      Task {
        var iterator = subject.values(buffering: index.isMultiple(of: 2) ? .suspend(4) : .default)
          .makeAsyncIterator()
        signal.yield()
        var received: [Int] = []
        while let value = await iterator.next() { received.append(value) }
        return received
      }
    }
    var readyIterator = ready.makeAsyncIterator()
    for _ in subscribers { await readyIterator.next() }
    for value in 0..<count { await subject.send(value) }
    await subject.send(completion: .finished)
    for subscriber in subscribers {
      #expect(await subscriber.value == Array(0..<count))
    }
  }

  @Test func deinitializedSubjectFinishesItsSubscribers() async {
    var subject: PassthroughSubject<Int, Never>? = PassthroughSubject()
    var iterator = subject?.makeAsyncIterator()
    await subject?.send(1)
    subject = nil
    #expect(await iterator?.next() == 1)
    #expect(await iterator?.next() == nil)
  }

  @Test func aHugeSuspendCapacityMeansUnboundedAndReservesOnlyWhatItHolds() async {
    // `.suspend(.max)` is how one asks for no bound: it must neither overflow the subject's
    // bookkeeping nor reserve room for the capacity it names.
    for capacity in [Int.max, 1 << 40] {
      let subject = PassthroughSubject<Int, Never>()
      var iterator = subject.values(buffering: .suspend(capacity)).makeAsyncIterator()
      for value in 0..<1_000 { #expect(subject.trySend(value) == .delivered) }
      #expect(await iterator.next() == 0)
      #expect(iterator.batch.capacity <= 2 * 1_000)
      var received = [0]
      for _ in 1..<1_000 { received.append(await iterator.next() ?? -1) }
      #expect(received == Array(0..<1_000))
      for value in 1_000..<3_000 { #expect(subject.trySend(value) == .delivered) }
      #expect(await iterator.next() == 1_000)
    }
  }

  @MainActor @Test func aConsumerOnAnActorThatTookFewValuesParksWithoutLeavingTheActor() async {
    // Off any actor, a consumer that took a small run yields before it comes back, so that a sender keeping pace
    // goes on alone and the values come in runs instead of a lock meeting per value. On an actor a yield is a trip
    // through the global executor and back (two thread hand-overs, dearer than what it spares; see
    // `aSenderAndASinkOnOneActorTakeTurnsOncePerBuffer`): the consumer parks at once, and the sender's job finds it
    // parked, as it finds a dropping consumer.
    #expect(await parkedConsumersSeenByASenderAfterOneValue(policy: .default) == 1)
  }

  @MainActor @Test func aDroppingConsumerTakesEachValueWithoutYielding() async {
    // A dropping policy applies to each value as it is sent, so its consumer must not stand aside
    // while the sender runs: it parks, and the sender's job finds it parked.
    #expect(await parkedConsumersSeenByASenderAfterOneValue(policy: .dropOldest(4)) == 1)
  }

  /// A consumer with `policy` takes one value; a sender's job, queued on the main actor before the consumer
  /// comes back, counts the parked consumers and sends two more. Everything runs on the main actor, so the
  /// order is exact. Returns the count the sender saw.
  @MainActor
  private func parkedConsumersSeenByASenderAfterOneValue(policy: BufferingPolicy) async -> Int? {
    let scope = CensusScope()
    let subject = Census.$scope.withValue(scope) { PassthroughSubject<Int, Never>() }
    var iterator = subject.values(buffering: policy).makeAsyncIterator()
    subject.trySend(1)
    #expect(await iterator.next(isolation: #isolation) == 1)
    var parkedWhenTheSenderRan: Int?
    Task { @MainActor in
      parkedWhenTheSenderRan = scope.parkedContinuations.load(ordering: .acquiring)
      subject.trySend(2)
      subject.trySend(3)
    }
    #expect(await iterator.next(isolation: #isolation) == 2)
    #expect(await iterator.next(isolation: #isolation) == 3)
    return parkedWhenTheSenderRan
  }

  /// An iterator that has taken the end needs no cancel when it goes (the subject let the subscriber go as it
  /// returned the end; the lifetime's `deinit` then takes no lock), but one dropped before the end must still
  /// leave the subject, whatever it took before.
  @Test func onlyAnIteratorThatTookTheEndSkipsTheCancelWhenItGoes() async {
    let subject = PassthroughSubject<Int, Never>()
    func occupiedSlots() -> Int {
      subject.core.storage.state.withLock { $0.subscribers.count - $0.freeSlots.count }
    }
    func isReleased(_ iterator: SubjectValues<Int, Never>.Iterator?) -> Bool? {
      iterator.map { $0.subscription.isReleased.load(ordering: .relaxed) }
    }
    var finishing = subject.values(buffering: .suspend(4)).makeAsyncIterator()
    var dropped: SubjectValues<Int, Never>.Iterator? = subject.values(buffering: .suspend(4)).makeAsyncIterator()
    var droppedEarly: SubjectValues<Int, Never>.Iterator? =
      subject.values(buffering: .dropOldest(4)).makeAsyncIterator()
    #expect(occupiedSlots() == 3)
    await subject.send(1)
    #expect(await dropped?.next() == 1)
    #expect(await droppedEarly?.next() == 1)
    #expect(isReleased(dropped) == false)
    dropped = nil
    droppedEarly = nil
    #expect(occupiedSlots() == 1)
    await subject.send(completion: .finished)
    #expect(await finishing.next() == 1)
    #expect(isReleased(finishing) == false)
    #expect(await finishing.next() == nil)
    #expect(isReleased(finishing) == true)
    #expect(occupiedSlots() == 0)
  }
}

/// A serial executor that counts the jobs it is given: how often a task comes (back) onto its actor.
private final class CountingExecutor: SerialExecutor {
  let queue = DispatchQueue(label: "CountingExecutor")
  let enqueued = Atomic<Int>(0)

  func enqueue(_ job: consuming ExecutorJob) {
    enqueued.add(1, ordering: .relaxed)
    let job = UnownedJob(job)
    queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
  }
}

/// A sender and a sink on one actor, the way a view model sends to its own views.
private actor SharedActor {
  let executor = CountingExecutor()
  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
  var received: [Int] = []
  var subscription: AnyCancellable?

  /// Sends `count` values to a sink isolated here, from a task isolated here; returns how many jobs the actor was
  /// given meanwhile.
  func sendToOwnSink(_ count: Int) async -> Int {
    let subject = PassthroughSubject<Int, Never>()
    let start = executor.enqueued.load(ordering: .relaxed)
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      subscription = subject.sink(isolation: self) { _ in
        done.resume()
      } receiveValue: {
        self.received.append($0)
      }
      Task {
        // Isolated here (it uses `self`), as the sink is.
        self.assertIsolated()
        for value in 0..<count { await subject.send(value) }
        await subject.send(completion: .finished)
      }
    }
    return executor.enqueued.load(ordering: .relaxed) - start
  }
}

extension PassthroughSubjectTests {
  /// A sender and a sink isolated to one actor take turns on it with two jobs a buffer: the sink woken, the sender let
  /// go. A sink that took few values does not step aside with `Task.yield()` before it looks again: on an actor that
  /// is a trip through the global executor and back (two thread hand-overs), and it made three jobs a buffer.
  @Test func aSenderAndASinkOnOneActorTakeTurnsOncePerBuffer() async {
    let actor = SharedActor()
    let count = 64 * 50
    let jobs = await actor.sendToOwnSink(count)
    #expect(await actor.received == Array(0..<count))
    #expect(jobs <= 2 * (count / 64) + 2)
  }
}
