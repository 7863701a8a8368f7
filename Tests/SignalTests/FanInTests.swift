import SignalTesting
import Synchronization
import Testing

@testable import Signal

private struct Square: Performable {
  let n: Int
  func perform() async -> Int { n * n }
}

private struct OddFails: Performable {
  struct Odd: Error, Equatable { let n: Int }
  let n: Int
  func perform() async throws(Odd) -> Int {
    guard n.isMultiple(of: 2) else { throw Odd(n: n) }
    return n
  }
}

/// Watches gated work items: how many run at once, and signals each start and finish.
private final class Probe: Sendable {
  let running = Atomic<Int>(0)
  let peak = Atomic<Int>(0)
  let startCount = Atomic<Int>(0)
  /// Orders starts and finishes against each other.
  let clock = Atomic<Int>(0)
  let startedAt = Mutex<[Int: Int]>([:])
  let finishedAt = Mutex<[Int: Int]>([:])
  let started: AsyncStream<Int>
  let finished: AsyncStream<Int>
  let cancelled: AsyncStream<Int>
  private let startedSink: AsyncStream<Int>.Continuation
  private let finishedSink: AsyncStream<Int>.Continuation
  private let cancelledSink: AsyncStream<Int>.Continuation

  init() {
    (started, startedSink) = AsyncStream.makeStream()
    (finished, finishedSink) = AsyncStream.makeStream()
    (cancelled, cancelledSink) = AsyncStream.makeStream()
  }

  func start(_ index: Int) {
    let now = running.add(1, ordering: .relaxed).newValue
    peak.max(now, ordering: .relaxed)
    startCount.add(1, ordering: .relaxed)
    let time = clock.add(1, ordering: .relaxed).newValue
    startedAt.withLock { $0[index] = time }
    startedSink.yield(index)
  }

  func finish(_ index: Int, cancelled wasCancelled: Bool) {
    let time = clock.add(1, ordering: .relaxed).newValue
    finishedAt.withLock { $0[index] = time }
    running.subtract(1, ordering: .relaxed)
    if wasCancelled { cancelledSink.yield(index) }
    finishedSink.yield(index)
  }
}

/// A work item that runs until its gate opens (or its task is cancelled), reporting to a probe.
private struct Gated: Performable {
  let index: Int
  let gate: AsyncStream<Void>
  let probe: Probe

  func perform() async -> Int {
    probe.start(index)
    for await _ in gate { break }
    probe.finish(index, cancelled: Task.isCancelled)
    return index
  }
}

/// `count` gated items and the keys to their gates.
private func gatedItems(_ count: Int, probe: Probe) -> (items: [Gated], gates: [AsyncStream<Void>.Continuation]) {
  let pairs = (0..<count).map { _ in AsyncStream<Void>.makeStream() }
  return (pairs.indices.map { Gated(index: $0, gate: pairs[$0].stream, probe: probe) }, pairs.map(\.continuation))
}

/// How many times each item has been performed.
private final class AttemptLog: Sendable {
  let counts: Mutex<[Int]>

  init(itemCount: Int) {
    counts = Mutex([Int](repeating: 0, count: itemCount))
  }

  func record(_ index: Int) -> Int {
    counts.withLock { counts in
      counts[index] += 1
      return counts[index]
    }
  }

  var snapshot: [Int] { counts.withLock { $0 } }
}

/// Fails until it has been performed `failuresBeforeSuccess` times, with its `status` (an HTTP
/// status, for the tests that decide by it).
private struct Flaky: Performable {
  struct Failed: Error, Equatable {
    let attempt: Int
    var status = 0
  }
  let index: Int
  let failuresBeforeSuccess: Int
  let log: AttemptLog
  var status = 0

  func perform() async throws(Failed) -> Int {
    let attempt = log.record(index)
    guard attempt > failuresBeforeSuccess else { throw Failed(attempt: attempt, status: status) }
    return attempt
  }
}

private func collect<P: Publisher>(_ publisher: P) async -> [P.Output] where P.Failure == Never {
  var values: [P.Output] = []
  for await value in publisher { values.append(value) }
  return values
}

@Suite struct FanInTests {
  @Test func deliversExactlyOneOutcomePerIndex() async {
    let outcomes = await collect(Square.publisher(for: (0..<500).map(Square.init)))
    #expect(outcomes.map(\.0).sorted() == Array(0..<500))
    #expect(outcomes.allSatisfy { $0.1.value == $0.0 * $0.0 })
  }

  @Test func aFailureIsAnOutcomeAndNeverEndsTheStream() async {
    let outcomes = await collect(OddFails.publisher(for: (0..<50).map(OddFails.init), ordering: .index))
    #expect(outcomes.map(\.0) == Array(0..<50))
    for (index, output) in outcomes {
      if index.isMultiple(of: 2) {
        #expect(output == .success(index))
      } else {
        #expect(output == .failure(OddFails.Odd(n: index)))
      }
    }
  }

  @Test func anEmptyArrayFinishesAtOnce() async {
    var iterator = Square.publisher(for: []).makeAsyncIterator()
    #expect(await iterator.next() == nil)
    #expect(await iterator.next() == nil)
  }

  @Test(arguments: [1, 3]) func neverRunsMoreThanMaxConcurrentItems(maxConcurrent: Int) async throws {
    let probe = Probe()
    let (items, gates) = gatedItems(12, probe: probe)
    let consumer = Task { await collect(Gated.publisher(for: items, maxConcurrent: maxConcurrent)) }
    var started = probe.started.makeAsyncIterator()
    var running: [Int] = []
    for _ in 0..<maxConcurrent { running.append(try #require(await started.next())) }
    var startedCount = maxConcurrent
    // Free one running item at a time; each frees room for exactly one more.
    while !running.isEmpty {
      #expect(probe.running.load(ordering: .relaxed) <= maxConcurrent)
      gates[running.removeFirst()].yield()
      if startedCount < items.count {
        running.append(try #require(await started.next()))
        startedCount += 1
      }
    }
    let outcomes = await consumer.value
    #expect(outcomes.map(\.0).sorted() == Array(0..<12))
    #expect(probe.peak.load(ordering: .relaxed) == maxConcurrent)
  }

  @Test func maxConcurrentBelowOneMeansOne() async {
    let probe = Probe()
    let (items, gates) = gatedItems(4, probe: probe)
    for gate in gates { gate.yield() }
    let publisher = Gated.publisher(for: items, maxConcurrent: 0)
    #expect(publisher.maxConcurrent == 1)
    #expect(await collect(publisher).count == 4)
    #expect(probe.peak.load(ordering: .relaxed) == 1)
  }

  @Test func retriesAFailedItemBeforeDeliveringItsFailure() async {
    let log = AttemptLog(itemCount: 3)
    let items = [
      Flaky(index: 0, failuresBeforeSuccess: 0, log: log),
      Flaky(index: 1, failuresBeforeSuccess: 2, log: log),
      Flaky(index: 2, failuresBeforeSuccess: 3, log: log),
    ]
    let outcomes = await collect(Flaky.publisher(for: items, retries: 2, ordering: .index))
    #expect(outcomes.map(\.1) == [.success(1), .success(3), .failure(Flaky.Failed(attempt: 3))])
    #expect(log.snapshot == [1, 3, 3])
  }

  @Test func aRetryPolicyWaitsItsBackoffOnTheClockBeforePerformingAgain() async {
    let clock = TestClock()
    let log = AttemptLog(itemCount: 2)
    let items = [
      Flaky(index: 0, failuresBeforeSuccess: 0, log: log), Flaky(index: 1, failuresBeforeSuccess: 2, log: log),
    ]
    let policy = RetryPolicy.upTo(2, backoff: .exponential(initial: .seconds(1), maximum: .seconds(10)))
    let run = Task { await collect(Flaky.publisher(for: items, retries: policy, clock: clock, ordering: .index)) }
    await clock.waitForSleepers(count: 1)
    #expect(log.snapshot == [1, 1])
    #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(1)))
    await clock.advance(by: .seconds(1))
    await clock.waitForSleepers(count: 1)
    #expect(log.snapshot == [1, 2])
    #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(3)))
    await clock.advance(by: .seconds(2))
    #expect(await run.value.map(\.1) == [.success(1), .success(3)])
    #expect(log.snapshot == [1, 3])
  }

  @Test func cancellingDuringABackoffEndsTheFanIn() async {
    let clock = TestClock()
    let log = AttemptLog(itemCount: 1)
    let items = [Flaky(index: 0, failuresBeforeSuccess: 5, log: log)]
    let run = Task {
      await collect(Flaky.publisher(for: items, retries: .upTo(5, backoff: .constant(.seconds(60))), clock: clock))
    }
    await clock.waitForSleepers(count: 1)
    run.cancel()
    _ = await run.value
    #expect(log.snapshot == [1])
    #expect(clock.sleeperCount == 0)
  }

  @Test func aDecisionToFailDeliversTheFailureWithoutRetrying() async {
    // A 404 is final; a 503 is worth another try: only the 503 is performed again.
    let log = AttemptLog(itemCount: 2)
    let items = [
      Flaky(index: 0, failuresBeforeSuccess: 9, log: log, status: 404),
      Flaky(index: 1, failuresBeforeSuccess: 2, log: log, status: 503),
    ]
    let outcomes = await collect(
      Flaky.publisher(for: items, retries: 3, when: { $0.status == 404 ? .fail : .retry }, ordering: .index))
    #expect(outcomes.map(\.1) == [.failure(Flaky.Failed(attempt: 1, status: 404)), .success(3)])
    #expect(log.snapshot == [1, 3])
  }

  @Test func thePredicateDecidesPerFailureAndIsAskedOnlyWhileRetriesAreLeft() async {
    let log = AttemptLog(itemCount: 2)
    let items = [
      Flaky(index: 0, failuresBeforeSuccess: 9, log: log), Flaky(index: 1, failuresBeforeSuccess: 9, log: log),
    ]
    let questions = Atomic<Int>(0)
    let policy = RetryPolicy.upTo(2)
    let outcomes = await collect(
      Flaky.publisher(
        for: items, retries: policy,
        when: { _ in
          questions.add(1, ordering: .relaxed)
          return .retry
        }, ordering: .index))
    #expect(outcomes.map(\.1) == [.failure(Flaky.Failed(attempt: 3)), .failure(Flaky.Failed(attempt: 3))])
    #expect(log.snapshot == [3, 3])
    // Two retries per item, so two questions each; the last failure is delivered without asking.
    #expect(questions.load(ordering: .relaxed) == 4)
  }

  @Test func failingEveryFailureMeansOneAttemptEach() async {
    let log = AttemptLog(itemCount: 3)
    let items = (0..<3).map { Flaky(index: $0, failuresBeforeSuccess: 1, log: log) }
    let outcomes = await collect(Flaky.publisher(for: items, retries: .upTo(3), when: { _ in .fail }))
    #expect(outcomes.count == 3)
    #expect(log.snapshot == [1, 1, 1])
  }

  @Test func withoutRetriesAFailedItemIsPerformedOnce() async {
    let log = AttemptLog(itemCount: 1)
    let outcomes = await collect(Flaky.publisher(for: [Flaky(index: 0, failuresBeforeSuccess: 1, log: log)]))
    #expect(outcomes.map(\.1) == [.failure(Flaky.Failed(attempt: 1))])
    #expect(log.snapshot == [1])
  }

  @Test func completionOrderingDeliversTheFastestFirst() async {
    let probe = Probe()
    let (items, gates) = gatedItems(4, probe: probe)
    var iterator = Gated.publisher(for: items, maxConcurrent: 4).makeAsyncIterator()
    for index in [2, 0, 3, 1] {
      gates[index].yield()
      #expect(await iterator.next()?.0 == index)
    }
    #expect(await iterator.next() == nil)
  }

  @Test func indexOrderingDeliversInIndexOrder() async {
    let probe = Probe()
    let (items, gates) = gatedItems(4, probe: probe)
    let consumer = Task { await collect(Gated.publisher(for: items, maxConcurrent: 4, ordering: .index)).map(\.0) }
    var finished = probe.finished.makeAsyncIterator()
    for index in [3, 1, 2, 0] {
      gates[index].yield()
      #expect(await finished.next() == index)
    }
    #expect(await consumer.value == [0, 1, 2, 3])
  }

  @Test func indexOrderingDoesNotRunFarAheadOfASlowItem() async {
    let window = Publishers.FanIn<Gated>.window(itemCount: .max, workerCount: 2)
    let probe = Probe()
    let (items, gates) = gatedItems(window + 100, probe: probe)
    for gate in gates.dropFirst() { gate.yield() }
    let consumer = Task {
      await collect(Gated.publisher(for: items, maxConcurrent: 2, ordering: .index)).map(\.0)
    }
    // Items 1..<window may run while item 0 is stuck; item `window` may not.
    var started = probe.started.makeAsyncIterator()
    while let index = await started.next(), index != window - 1 {}
    gates[0].yield()
    #expect(await consumer.value == Array(items.indices))
    let item0Finished = probe.finishedAt.withLock { $0[0] } ?? .max
    let firstOutsideWindowStarted = probe.startedAt.withLock { $0[window] } ?? .min
    #expect(firstOutsideWindowStarted > item0Finished)
  }

  @Test func eachSubscriptionPerformsEverythingAgain() async {
    let log = AttemptLog(itemCount: 2)
    let publisher = Flaky.publisher(for: [0, 1].map { Flaky(index: $0, failuresBeforeSuccess: 0, log: log) })
    #expect(await collect(publisher).count == 2)
    #expect(await collect(publisher).count == 2)
    #expect(log.snapshot == [2, 2])
  }

  @Test func cancellingTheConsumerCancelsRunningItemsAndStartsNoMore() async throws {
    let scope = CensusScope()
    let probe = Probe()
    let (items, gates) = gatedItems(10, probe: probe)
    try await Census.$scope.withValue(scope) {
      let consumer = Task { await collect(Gated.publisher(for: items, maxConcurrent: 3)).count }
      var started = probe.started.makeAsyncIterator()
      for _ in 0..<3 { _ = await started.next() }
      consumer.cancel()
      var cancelled = probe.cancelled.makeAsyncIterator()
      for _ in 0..<3 { #expect(await cancelled.next() != nil) }
      #expect(await consumer.value < 10)
      try await waitUntilQuiet(scope)
    }
    #expect(probe.startCount.load(ordering: .relaxed) == 3)
    withExtendedLifetime(gates) {}
  }

  @Test func everyWorkerStopsWhenTheStreamFinishes() async throws {
    // One item more than the window: workers that parked at the window's edge must not be
    // left behind when others start and finish the last item.
    let itemCount = Publishers.FanIn<Square>.window(itemCount: .max, workerCount: 8) + 1
    for _ in 0..<20 {
      let scope = CensusScope()
      try await Census.$scope.withValue(scope) {
        let outcomes = await collect(Square.publisher(for: (0..<itemCount).map(Square.init), maxConcurrent: 8))
        #expect(outcomes.count == itemCount)
        try await waitUntilQuiet(scope)
      }
    }
  }

  @Test func droppingTheIteratorCancelsRunningItems() async throws {
    let scope = CensusScope()
    let probe = Probe()
    let (items, gates) = gatedItems(5, probe: probe)
    gates[0].yield()
    try await Census.$scope.withValue(scope) {
      do {
        var iterator = Gated.publisher(for: items, maxConcurrent: 2, ordering: .index).makeAsyncIterator()
        #expect(await iterator.next()?.0 == 0)
      }
      var cancelled = probe.cancelled.makeAsyncIterator()
      #expect(await cancelled.next() != nil)
      try await waitUntilQuiet(scope)
    }
    #expect(probe.startCount.load(ordering: .relaxed) < 5)
  }
}

private struct StillBusy: Error {}

/// Polls until every storage object of `scope` is gone and nothing is parked.
private func waitUntilQuiet(_ scope: CensusScope) async throws {
  let deadline = ContinuousClock.now + .seconds(10)
  while !scope.isQuiet {
    guard ContinuousClock.now < deadline else { throw StillBusy() }
    await Task.yield()
  }
}
