import OperatorContract
import SignalTesting
import Synchronization
import Testing

@testable import Signal

/// Drains `iterator` to its end: the values, and whether it failed.
private func drain<I: AsyncIteratorProtocol>(_ iterator: inout I) async -> ContractOutcome where I.Element == Int {
  var outcome = ContractOutcome([])
  do {
    while let value = try await iterator.next() { outcome.values.append(value) }
  } catch {
    outcome.failed = true
  }
  return outcome
}

/// Waits (yielding, bounded) for everything created in `scope` to be released; `true` if it was.
private func settle(_ scope: CensusScope) async -> Bool {
  await eventually { scope.isQuiet }
}

/// The contract every operator and source keeps, checked row by row over `ContractTable`:
/// subscribe when the subscriber subscribes, cancel means stop, finished means released, and
/// concurrency is what was asked for.
@Suite(.timeLimit(.minutes(1))) struct OperatorContractTests {
  // MARK: Subscribe when the subscriber subscribes

  @Test(arguments: ContractTable.operators.filter(\.subscribesAtOnce))
  func aValueSentRightAfterSinkReturnsReachesTheSubscriber(_ row: OperatorCase) async {
    let upstream = ProbedUpstream()
    let seen = Mutex(ContractOutcome([]))
    let (ended, end) = AsyncStream.makeStream(of: Void.self)
    let token = row.apply(upstream, TestClock()).sink { completion in
      if case .failure = completion { seen.withLock { $0.failed = true } }
      end.finish()
    } receiveValue: { value in
      seen.withLock { $0.values.append(value) }
    }
    await upstream.subject.send(7)
    await upstream.subject.send(completion: .finished)
    for await _ in ended {}
    #expect(seen.withLock { $0 } == row.outcomeOfSeven)
    token.cancel()
  }

  @Test(arguments: ContractTable.operators.filter(\.subscribesAtOnce))
  func aValueSentRightAfterTheIteratorIsMadeReachesIt(_ row: OperatorCase) async {
    let upstream = ProbedUpstream()
    var iterator = row.apply(upstream, TestClock()).makeAsyncIterator()
    #expect(upstream.probe.subscriptions == 1)
    await upstream.subject.send(7)
    await upstream.subject.send(completion: .finished)
    #expect(await drain(&iterator) == row.outcomeOfSeven)
  }

  // MARK: Cancel means stop

  @Test(arguments: ContractTable.operators)
  func cancellingInsideReceiveValueStopsEveryDelivery(_ row: OperatorCase) async {
    let upstream = ProbedUpstream()
    let delivered = SubscriptionProbe()
    let values = Atomic(0)
    let completions = Atomic(0)
    let token = Mutex<AnyCancellable?>(nil)
    let cancellable = row.apply(upstream, TestClock()).probed(by: delivered).sink { _ in
      completions.add(1, ordering: .relaxed)
    } receiveValue: { _ in
      values.add(1, ordering: .relaxed)
      token.withLock { $0?.cancel() }
    }
    token.withLock { $0 = cancellable }
    await upstream.probe.wait { $0.subscriptions >= 1 }
    for value in 1...50 { _ = upstream.subject.trySend(value) }
    await upstream.subject.send(completion: .finished)
    // The sink's subscription is over once its iterator is released.
    await delivered.wait { $0.subscriptions == 1 && $0.liveSubscriptions == 0 }
    let received = values.load(ordering: .relaxed)
    #expect(received <= 1)
    if received == 1 { #expect(completions.load(ordering: .relaxed) == 0) }
    if row.subscribesAtOnce && !row.outcomeOfSeven.values.isEmpty { #expect(received == 1) }
  }

  @Test(arguments: ContractTable.operators)
  func cancellingTheConsumingTaskEndsTheStreamAndReleasesEverything(_ row: OperatorCase) async {
    let scope = CensusScope()
    let upstream = ProbedUpstream()
    let clock = TestClock()
    let late = await Census.$scope.withValue(scope) {
      let consumer = Task { await valuesAfterCancellation(of: row.apply(upstream, clock)) }
      await upstream.probe.wait { $0.subscriptions >= 1 }
      for value in 1...10 { _ = upstream.subject.trySend(value) }
      consumer.cancel()
      return await consumer.value
    }
    #expect(late == 0)
    await upstream.probe.waitUntilAllReleased()
    #expect(upstream.subject.trySend(11) == .delivered)
    #expect(await settle(scope))
  }

  @Test(arguments: ContractTable.sources)
  func cancellingTheConsumingTaskEndsASource(_ row: SourceCase) async {
    let scope = CensusScope()
    let (started, start) = AsyncStream.makeStream(of: Void.self)
    let late = await Census.$scope.withValue(scope) {
      let consumer = Task {
        await valuesAfterCancellation(of: row.make(), subscribed: { start.finish() })
      }
      for await _ in started {}
      consumer.cancel()
      return await consumer.value
    }
    #expect(late <= row.lateValuesAllowed)
    #expect(await settle(scope))
  }

  @MainActor @Test func aSinkOverASynchronousSequenceStopsAtTheValueThatCancelledIt() async {
    let values = Atomic(0)
    let token = Mutex<AnyCancellable?>(nil)
    let probe = SubscriptionProbe()
    // On the main actor, the sink's task starts only once this test suspends: the token is stored by then.
    let cancellable = (1...).publisher.probed(by: probe).sink { value in
      values.add(1, ordering: .relaxed)
      if value == 3 { token.withLock { $0?.cancel() } }
    }
    token.withLock { $0 = cancellable }
    await probe.wait { $0.subscriptions == 1 && $0.liveSubscriptions == 0 }
    #expect(values.load(ordering: .relaxed) == 3)
  }

  // MARK: Finished means released

  @Test(arguments: ContractTable.operators.filter(\.endsAfterSeven))
  func finishingEarlyReleasesTheUpstreamAtThatMoment(_ row: OperatorCase) async {
    let upstream = ProbedUpstream(policy: .suspend(1))
    var iterator = row.apply(upstream, TestClock()).makeAsyncIterator()
    #expect(upstream.subject.trySend(7) == .delivered)
    #expect(await drain(&iterator) == row.outcomeOfSeven)
    // The iterator is still held, and the upstream goes on sending.
    await upstream.probe.waitUntilAllReleased()
    for value in 8...12 { #expect(upstream.subject.trySend(value) == .delivered) }
    withExtendedLifetime(iterator) {}
  }

  @Test func aTimeoutReleasesTheUpstreamWhenItFires() async throws {
    let clock = TestClock()
    let upstream = ProbedUpstream(policy: .suspend(1))
    var iterator = upstream.timeout(.seconds(1), clock: clock, customError: { .boom }).makeAsyncIterator()
    #expect(upstream.subject.trySend(7) == .delivered)
    #expect(try await iterator.next() == 7)
    let failure = Task { await drain(&iterator) }
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(1))
    #expect(await failure.value == ContractOutcome([], failed: true))
    await upstream.probe.waitUntilAllReleased()
    for value in 8...12 { #expect(upstream.subject.trySend(value) == .delivered) }
  }

  // MARK: Concurrency is what was asked for

  @Test func flatMapSubscribesAnInnerAsSoonAsAValueAndASlotAreThereWhateverTheConsumersPace() async throws {
    let outer = ProbedUpstream()
    let meter = SubscriptionProbe()
    let inners = (0..<5).map { _ in ProbedUpstream(probe: meter) }
    let (drainSignal, drain) = AsyncStream.makeStream(of: Void.self)
    let consumer = Task {
      var iterator = outer.flatMap(maxPublishers: 3) { inners[$0] }.makeAsyncIterator()
      // One demand starts the subscription; then the consumer takes nothing until told to.
      var values = [try await iterator.next()]
      for await _ in drainSignal {}
      while let value = try await iterator.next() { values.append(value) }
      return values
    }
    await outer.probe.wait { $0.subscriptions == 1 }
    for index in inners.indices { #expect(outer.subject.trySend(index) == .delivered) }
    await meter.wait { $0.liveSubscriptions == 3 }
    #expect(meter.subscriptions == 3)
    await inners[0].subject.send(100)
    // A slot frees while nobody consumes: the next inner is subscribed at once.
    await inners[0].subject.send(completion: .finished)
    await meter.wait { $0.subscriptions == 4 }
    // It is hot: what it sends right after being subscribed is not lost.
    await inners[3].subject.send(42)
    await inners[1].subject.send(completion: .finished)
    await meter.wait { $0.subscriptions == 5 }
    for inner in inners[2...] { await inner.subject.send(completion: .finished) }
    await outer.subject.send(completion: .finished)
    drain.finish()
    let values = try await consumer.value
    #expect(values.first == 100)
    #expect(values.contains(42))
    #expect(meter.peakLiveSubscriptions == 3)
  }

  @Test func theFanInRunsExactlyMaxConcurrentItemsWhateverTheConsumersPace() async {
    let meter = SubscriptionProbe()
    let gates = (0..<5).map { _ in AsyncStream.makeStream(of: Void.self) }
    let items = gates.map { GatedItem(gate: $0.stream, meter: meter) }
    let (drainSignal, drain) = AsyncStream.makeStream(of: Void.self)
    let consumer = Task {
      var iterator = GatedItem.publisher(for: items, maxConcurrent: 3).makeAsyncIterator()
      var indices = [await iterator.next()?.0]
      for await _ in drainSignal {}
      while let (index, _) = await iterator.next() { indices.append(index) }
      return indices
    }
    await meter.wait { $0.liveSubscriptions == 3 }
    gates[0].continuation.finish()
    // A slot frees while nobody consumes: the next item starts at once.
    await meter.wait { $0.subscriptions == 4 }
    for gate in gates[1...] { gate.continuation.finish() }
    drain.finish()
    let indices = await consumer.value
    #expect(indices.first == 0)
    #expect(indices.count == 5)
    #expect(meter.subscriptions == 5)
    #expect(meter.peakLiveSubscriptions == 3)
  }
}

/// An item that counts itself running in `meter` and waits for its gate to open.
private struct GatedItem: Performable {
  let gate: AsyncStream<Void>
  let meter: SubscriptionProbe

  func perform() async -> Int {
    let running = Just(0).probed(by: meter)
    var presence = running.makeAsyncIterator()
    for await _ in gate {}
    _ = await presence.next()
    return 0
  }
}
