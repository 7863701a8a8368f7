import Signal
import SignalTesting
import Synchronization
import Testing

/// Counts the work that has returned, for the tests of how a cancelled subscription ends.
private final class ReturnLog: Sendable {
  let returned = Atomic<Int>(0)
  let started: AsyncStream<Void>
  private let startedSink: AsyncStream<Void>.Continuation

  init() {
    (started, startedSink) = AsyncStream.makeStream()
  }

  /// Reports its start, waits for its task's cancellation, then unwinds slowly (as a request
  /// closing its connection does) before it counts itself as returned.
  func work() async {
    startedSink.yield()
    try? await Task.sleep(for: .seconds(3600))
    for _ in 0..<1000 { await Task.yield() }
    returned.add(1, ordering: .sequentiallyConsistent)
  }

  func waitForStarts(_ count: Int) async {
    var starts = started.makeAsyncIterator()
    for _ in 0..<count { _ = await starts.next() }
  }
}

/// The closure form of the fan-in: `items.publisher(maxConcurrent:ordering:perform:)`.
@Suite struct FanInClosureTests {
  struct Odd: Error, Equatable { let n: Int }

  @Test func deliversOneOutcomePerElementWithItsIndexAndFailuresAsValues() async {
    let outcomes = await (0..<40).publisher(maxConcurrent: 3, ordering: .index) { (n) async throws(Odd) in
      guard n.isMultiple(of: 2) else { throw Odd(n: n) }
      return n * n
    }.allValues()
    #expect(outcomes.map(\.0) == Array(0..<40))
    for (index, output) in outcomes {
      #expect(output == (index.isMultiple(of: 2) ? .success(index * index) : .failure(Odd(n: index))))
    }
  }

  @Test func runsAtMostMaxConcurrentAtOnce() async {
    let running = Atomic<Int>(0)
    let peak = Atomic<Int>(0)
    let outcomes = await (0..<64).publisher(maxConcurrent: 4) { n in
      let now = running.add(1, ordering: .sequentiallyConsistent).newValue
      peak.max(now, ordering: .sequentiallyConsistent)
      await Task.yield()
      running.subtract(1, ordering: .sequentiallyConsistent)
      return n
    }.allValues()
    #expect(outcomes.map(\.0).sorted() == Array(0..<64))
    #expect(peak.load(ordering: .sequentiallyConsistent) <= 4)
  }

  @Test func eachSubscriptionPerformsEveryElementAgain() async {
    let calls = Atomic<Int>(0)
    let fanIn = ["a", "b"].publisher { letter in
      calls.add(1, ordering: .sequentiallyConsistent)
      return letter.uppercased()
    }
    #expect(await fanIn.allValues().compactMap(\.1.value).sorted() == ["A", "B"])
    #expect(await fanIn.allValues().count == 2)
    #expect(calls.load(ordering: .sequentiallyConsistent) == 4)
  }

  @Test func aPerformableClosureIsAColdPublisherOfOneValue() async throws {
    let calls = Atomic<Int>(0)
    let one = PerformableClosure { () async throws(Odd) in
      calls.add(1, ordering: .sequentiallyConsistent)
      return 7
    }.publisher
    #expect(try await one.allValues() == [7])
    #expect(try await one.allValues() == [7])
    #expect(calls.load(ordering: .sequentiallyConsistent) == 2)
  }

  @Test func aCancelledConsumerEndsOnlyOnceTheRunningWorkHasReturned() async {
    let log = ReturnLog()
    let consumer = Task { await (0..<4).publisher(maxConcurrent: 4) { _ in await log.work() }.allValues() }
    await log.waitForStarts(4)
    consumer.cancel()
    #expect(await consumer.value.isEmpty)
    #expect(log.returned.load(ordering: .sequentiallyConsistent) == 4)
  }

  @Test func aCancelledFlatMapEndsOnlyOnceItsInnerPublishersHaveReturned() async {
    let log = ReturnLog()
    let consumer = Task {
      await (0..<3).publisher.flatMap(maxPublishers: 3) { _ in PerformableClosure { await log.work() }.publisher }
        .allValues()
    }
    await log.waitForStarts(3)
    consumer.cancel()
    #expect(await consumer.value.isEmpty)
    #expect(log.returned.load(ordering: .sequentiallyConsistent) == 3)
  }

  @Test func aCancelledMergeEndsOnlyOnceItsUpstreamsHaveReturned() async {
    let log = ReturnLog()
    let work = PerformableClosure { await log.work() }.publisher
    let consumer = Task { await work.merge(with: work).allValues() }
    await log.waitForStarts(2)
    consumer.cancel()
    #expect(await consumer.value.isEmpty)
    #expect(log.returned.load(ordering: .sequentiallyConsistent) == 2)
  }

  @Test func aRetryPolicyPerformsAFailedElementAgainAfterItsBackoff() async {
    let clock = TestClock()
    let attempts = Atomic<Int>(0)
    let policy = RetryPolicy.upTo(2, backoff: .constant(.seconds(5)))
    let run = Task {
      await [7].publisher(retries: policy, clock: clock) { (n) async throws(Odd) in
        let attempt = attempts.add(1, ordering: .sequentiallyConsistent).newValue
        guard attempt == 3 else { throw Odd(n: attempt) }
        return n
      }.allValues()
    }
    await clock.waitForSleepers(count: 1)
    #expect(attempts.load(ordering: .sequentiallyConsistent) == 1)
    await clock.advance(by: .seconds(5))
    await clock.waitForSleepers(count: 1)
    #expect(attempts.load(ordering: .sequentiallyConsistent) == 2)
    await clock.advance(by: .seconds(5))
    let outcomes = await run.value
    #expect(outcomes.map(\.1.value) == [7])
    #expect(attempts.load(ordering: .sequentiallyConsistent) == 3)
  }
  @Test func theClosureFormRetriesOnlyWhatThePredicateAllows() async {
    struct HTTPFailure: Error, Equatable { let status: Int }
    let attempts = Mutex<[Int: Int]>([:])
    let outcomes = await [404, 503].publisher(retries: .upTo(3), when: { $0.status >= 500 ? .retry : .fail }) {
      (status) async throws(HTTPFailure) -> Int in
      let attempt = attempts.withLock { counts in
        counts[status, default: 0] += 1
        return counts[status, default: 0]
      }
      if status == 503 && attempt == 3 { return 200 }
      throw HTTPFailure(status: status)
    }.allValues()
    #expect(outcomes.count == 2)
    #expect(attempts.withLock { $0 } == [404: 1, 503: 3])
    #expect(outcomes.first { $0.0 == 0 }?.1 == .failure(HTTPFailure(status: 404)))
    #expect(outcomes.first { $0.0 == 1 }?.1 == .success(200))
  }
}
