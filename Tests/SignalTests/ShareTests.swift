import Testing

@testable import Signal

/// An upstream that stays open until the test finishes it, and signals when its subscription
/// is cancelled (the stream then ends with `nil` in a cancelled task).
struct OpenUpstream: Sendable {
  let input: AsyncStream<Int>.Continuation
  let publisher: Publishers.HandleEvents<Publishers.AsyncSequencePublisher<AsyncStream<Int>>>
  let cancelled: AsyncStream<Void>
  let subscriptions = Counter()

  init() {
    let (stream, input) = AsyncStream.makeStream(of: Int.self)
    let (cancelled, cancelSignal) = AsyncStream.makeStream(of: Void.self)
    self.input = input
    self.cancelled = cancelled
    let subscriptions = self.subscriptions
    publisher = stream.publisher.handleEvents(
      receiveSubscription: { subscriptions.increment() },
      receiveCancel: { cancelSignal.yield() })
  }

  /// Returns once the upstream subscription has been cancelled.
  func waitForCancellation() async {
    var iterator = cancelled.makeAsyncIterator()
    await iterator.next()
  }
}

/// Makes `count` subscriptions, each in its own task; once all exist, runs `beforeStart`,
/// then lets them all iterate. Returns what each received (until its end or first failure).
func drainTogether<P: Publisher>(
  _ publisher: P,
  subscribers count: Int,
  beforeStart: () -> Void = {}
) async -> [[P.Output]] where P.Output: Sendable {
  await drainTogether(Array(repeating: publisher, count: count), beforeStart: beforeStart)
}

/// One subscription to each of `publishers`, made up front, then drained concurrently.
func drainTogether<P: Publisher>(
  _ publishers: [P],
  beforeStart: () -> Void = {}
) async -> [[P.Output]] where P.Output: Sendable {
  let count = publishers.count
  let (ready, readySignal) = AsyncStream.makeStream(of: Void.self)
  var gates: [AsyncStream<Void>.Continuation] = []
  var tasks: [Task<[P.Output], Never>] = []
  for publisher in publishers {
    let (gate, open) = AsyncStream.makeStream(of: Void.self)
    gates.append(open)
    tasks.append(
      Task {
        var iterator = publisher.makeAsyncIterator()
        readySignal.yield()
        for await _ in gate {}
        var values: [P.Output] = []
        while let value = try? await iterator.next() { values.append(value) }
        return values
      })
  }
  var readiness = ready.makeAsyncIterator()
  for _ in 0..<count { await readiness.next() }
  beforeStart()
  for gate in gates { gate.finish() }
  var outputs: [[P.Output]] = []
  for task in tasks { outputs.append(await task.value) }
  return outputs
}

@Suite struct ShareTests {
  @Test func subscribersMadeBeforeTheFirstNextAllSeeEveryValueFromOneSubscription() async {
    let upstream = FlakyPublisher(values: Array(0..<500), failingSubscriptions: 0)
    let shared = upstream.share()
    let outputs = await drainTogether(shared, subscribers: 4) {
      // Subscribed when the first subscriber subscribed; read from the first next().
      #expect(upstream.subscriptions.value == 1)
    }
    #expect(outputs == Array(repeating: Array(0..<500), count: 4))
    #expect(upstream.subscriptions.value == 1)
  }

  @Test func failureReachesEverySubscriberAfterItsValues() async {
    let shared = failing(after: [1, 2]).share()
    var first = shared.makeAsyncIterator()
    var second = shared.makeAsyncIterator()
    for iterator in [0, 1] {
      var values: [Int] = []
      var failure: TestError?
      do {
        while let value = try await (iterator == 0 ? first.next() : second.next()) { values.append(value) }
      } catch {
        failure = error
      }
      #expect(values == [1, 2])
      #expect(failure == .boom)
    }
  }

  @Test func copiesAreTheSameShare() async {
    let upstream = FlakyPublisher(values: [1, 2, 3], failingSubscriptions: 0)
    let shared = upstream.share()
    let copy = shared
    #expect(await drainTogether([shared, copy]) == [[1, 2, 3], [1, 2, 3]])
    #expect(upstream.subscriptions.value == 1)
  }

  @Test func aSubscriberAfterCompletionRestartsTheUpstream() async {
    let upstream = FlakyPublisher(values: [1, 2, 3], failingSubscriptions: 0)
    let shared = upstream.share(replay: 2)
    #expect(await record(shared) == Recording(values: [1, 2, 3], completion: .finished))
    #expect(await record(shared) == Recording(values: [1, 2, 3], completion: .finished))
    #expect(upstream.subscriptions.value == 2)
  }

  @Test func aSubscriberJoiningWhileOthersDrainAFinishedUpstreamStartsANewOne() async throws {
    let upstream = OpenUpstream()
    let shared = upstream.publisher.share()
    var early = shared.makeAsyncIterator()
    upstream.input.yield(1)
    #expect(await early.next() == 1)
    upstream.input.yield(2)
    upstream.input.finish()
    // `early` has not drained its 2 yet; the upstream has completed once `early` sees the end.
    #expect(await early.next() == 2)
    #expect(await early.next() == nil)
    var late = shared.makeAsyncIterator()
    // The AsyncStream can be iterated only once: the restarted subscription ends at once.
    #expect(await late.next() == nil)
    #expect(upstream.subscriptions.value == 2)
  }

  @Test func theLastSubscriberLeavingCancelsTheUpstreamAndTheNextOneRestartsIt() async throws {
    let upstream = OpenUpstream()
    let shared = upstream.publisher.share()
    var first: Publishers.Share<OpenUpstream.Upstream>.Iterator? = shared.makeAsyncIterator()
    let (joined, joinedSignal) = AsyncStream.makeStream(of: Void.self)
    let second = Task {
      var iterator = shared.makeAsyncIterator()
      joinedSignal.yield()
      var values: [Int] = []
      while let value = await iterator.next() { values.append(value) }
      return values
    }
    var joins = joined.makeAsyncIterator()
    await joins.next()
    upstream.input.yield(1)
    #expect(await first?.next() == 1)
    first = nil  // one subscriber leaves: the upstream keeps running for the other
    upstream.input.yield(2)
    second.cancel()  // the last one leaves
    await upstream.waitForCancellation()
    let values = await second.value
    #expect(values.allSatisfy { [1, 2].contains($0) })
    #expect(upstream.subscriptions.value == 1)

    let restarted = FlakyPublisher(values: [7, 8], failingSubscriptions: 0)
    let again = restarted.share()
    var iterator: Publishers.Share<FlakyPublisher>.Iterator? = again.makeAsyncIterator()
    #expect(try await iterator?.next() == 7)
    iterator = nil
    #expect(await record(again) == Recording(values: [7, 8], completion: .finished))
    #expect(restarted.subscriptions.value == 2)
  }

  @Test func anIteratorDroppedBeforeAnyNextEndsItsConnectionAtOnce() async {
    let upstream = FlakyPublisher(values: [1], failingSubscriptions: 0)
    let shared = upstream.share()
    // Each iterator alone subscribes (as Combine's share does) and, dropped, unsubscribes.
    for _ in 0..<3 { _ = shared.makeAsyncIterator() }
    #expect(upstream.subscriptions.value == 3)
    #expect(await record(shared).values == [1])
    #expect(upstream.subscriptions.value == 4)
  }

  @Test(arguments: [0, 1, 2, 5])
  func aLateSubscriberReceivesTheLastReplayedValuesThenNewOnes(replay: Int) async throws {
    let upstream = OpenUpstream()
    let shared = upstream.publisher.share(replay: replay)
    var early = shared.makeAsyncIterator()
    for value in 1...3 {
      upstream.input.yield(value)
      #expect(await early.next() == value)
    }
    var late = shared.makeAsyncIterator()
    upstream.input.yield(4)
    upstream.input.finish()
    var lateValues: [Int] = []
    while let value = await late.next() { lateValues.append(value) }
    #expect(lateValues == Array([1, 2, 3].suffix(replay)) + [4])
    #expect(await early.next() == 4)
    #expect(upstream.subscriptions.value == 1)
  }

  @Test func aCancelledSubscriberEndsWithoutDisturbingTheOthers() async throws {
    let upstream = OpenUpstream()
    let shared = upstream.publisher.share()
    var stayer = shared.makeAsyncIterator()
    let (started, startedSignal) = AsyncStream.makeStream(of: Void.self)
    let leaver = Task {
      var iterator = shared.makeAsyncIterator()
      startedSignal.yield()
      return await iterator.next()
    }
    var signals = started.makeAsyncIterator()
    await signals.next()
    upstream.input.yield(1)
    #expect(await stayer.next() == 1)
    leaver.cancel()
    _ = await leaver.value
    upstream.input.yield(2)
    upstream.input.finish()
    #expect(await stayer.next() == 2)
    #expect(await stayer.next() == nil)
  }

  @Test(arguments: [
    (BufferingPolicy.dropNewest(2), [1, 2]),
    (BufferingPolicy.dropOldest(2), [9, 10]),
    (BufferingPolicy.suspend(2), Array(1...10)),
  ])
  func aSlowSubscriberGetsWhatItsPolicyKeeps(policy: BufferingPolicy, expected: [Int]) async throws {
    let upstream = OpenUpstream()
    let shared = upstream.publisher.share(buffering: policy)
    var slow = shared.makeAsyncIterator()
    let fast = Task {
      var iterator = shared.makeAsyncIterator()
      var values: [Int] = []
      while let value = await iterator.next() { values.append(value) }
      return values
    }
    for value in 1...10 { upstream.input.yield(value) }
    upstream.input.finish()
    if case .suspend = policy {
      // The fast subscriber is held back by the slow one; it finishes only once `slow` drains.
      var values: [Int] = []
      while let value = await slow.next() { values.append(value) }
      #expect(values == expected)
      #expect(await fast.value == Array(1...10))
    } else {
      // Drop policies never hold the upstream back: the fast subscriber (which may drop too)
      // ends while the slow one has read nothing yet.
      let fastValues = await fast.value
      #expect(fastValues == fastValues.sorted() && Set(fastValues).count == fastValues.count)
      var values: [Int] = []
      while let value = await slow.next() { values.append(value) }
      #expect(values == expected)
    }
  }

  @Test func aFullSuspendSubscriberHoldsTheUpstreamBack() async throws {
    let produced = Counter()
    let upstream = (1...1000).publisher.handleEvents(receiveOutput: { _ in produced.increment() })
    let shared = upstream.share(buffering: .suspend(4))
    var slow = shared.makeAsyncIterator()
    #expect(await slow.next() == 1)
    // The pump fills `slow`'s buffer (4 values) and then waits with one more in hand.
    #expect(await eventually { produced.value >= 5 })
    for _ in 0..<1000 { await Task.yield() }
    #expect(produced.value <= 6)
    var values = [1]
    while let value = await slow.next() { values.append(value) }
    #expect(values == Array(1...1000))
  }

  @Test func everySubscriptionIsCleanedUp() async {
    let scope = CensusScope()
    await Census.$scope.withValue(scope) {
      let upstream = OpenUpstream()
      let shared = upstream.publisher.share(replay: 1)
      let subscriber = Task {
        var iterator = shared.makeAsyncIterator()
        return await iterator.next()
      }
      upstream.input.yield(1)
      #expect(await subscriber.value == 1)
      await upstream.waitForCancellation()
    }
    #expect(await eventually { scope.isQuiet })
  }
}

extension OpenUpstream {
  typealias Upstream = Publishers.HandleEvents<Publishers.AsyncSequencePublisher<AsyncStream<Int>>>
}
