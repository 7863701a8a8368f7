import Signal
import SignalTesting
import Synchronization
import Testing

@Suite struct RetryTests {
  @Test func resubscribesUntilASubscriptionSucceeds() async {
    let source = FlakyPublisher(values: [1], failingSubscriptions: 2)
    let recording = await record(source.retry(2))
    // Values from failed attempts stay delivered, as in Combine.
    #expect(recording == Recording(values: [1, 1, 1], completion: .finished))
    #expect(source.subscriptions.value == 3)
  }

  @Test func passesTheFailureOnAfterTheLastRetry() async {
    let source = FlakyPublisher(values: [5], failingSubscriptions: 4)
    let recording = await record(source.retry(2))
    #expect(recording == Recording(values: [5, 5, 5], completion: .failure(.boom)))
    #expect(source.subscriptions.value == 3)
  }

  @Test func zeroAndNegativeRetriesSubscribeOnce() async {
    let source = FlakyPublisher(values: [], failingSubscriptions: 1)
    #expect(await record(source.retry(0)).completion == .failure(.boom))
    #expect(source.subscriptions.value == 1)
    let other = FlakyPublisher(values: [], failingSubscriptions: 1)
    #expect(await record(other.retry(-3)).completion == .failure(.boom))
    #expect(other.subscriptions.value == 1)
  }

  @Test func successfulUpstreamIsSubscribedOnce() async {
    let source = FlakyPublisher(values: [1, 2], failingSubscriptions: 0)
    #expect(await record(source.retry(5)) == Recording(values: [1, 2], completion: .finished))
    #expect(source.subscriptions.value == 1)
  }

  @Test func cancelledTaskIsNotResubscribed() async {
    let source = FlakyPublisher(values: [], failingSubscriptions: 10)
    let attempt = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return await record(source.retry(5))
    }
    #expect(await attempt.value.completion == .failure(.boom))
    #expect(source.subscriptions.value == 1)
  }
}

@Suite struct RetryWithDelayTests {
  @Test func waitsTheBackoffBeforeEachRetryOnTheClock() async {
    let clock = TestClock()
    let source = FlakyPublisher(values: [1], failingSubscriptions: 2)
    let backoff = Backoff.exponential(initial: .seconds(1), maximum: .seconds(10))
    let run = Task { await record(source.retry(2, delay: backoff, clock: clock)) }
    await clock.waitForSleepers(count: 1)
    #expect(source.subscriptions.value == 1)
    #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(1)))
    await clock.advance(by: .seconds(1))
    await clock.waitForSleepers(count: 1)
    #expect(source.subscriptions.value == 2)
    // Exponential: the second wait is twice the first, counted from the second failure.
    #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(3)))
    await clock.advance(by: .seconds(2))
    #expect(await run.value == Recording(values: [1, 1, 1], completion: .finished))
    #expect(source.subscriptions.value == 3)
  }

  @Test func passesTheFailureOnAfterTheLastRetryWithoutWaitingAgain() async {
    let clock = TestClock()
    let source = FlakyPublisher(values: [], failingSubscriptions: 5)
    let run = Task { await record(source.retry(1, delay: .constant(.seconds(4)), clock: clock)) }
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(4))
    #expect(await run.value == Recording(values: [], completion: .failure(.boom)))
    #expect(source.subscriptions.value == 2)
    #expect(clock.sleeperCount == 0)
  }

  @Test func aDecisionToFailPassesTheFailureOnAtOnce() async {
    let source = FlakyPublisher(values: [], failingSubscriptions: 5)
    let policy = RetryPolicy.upTo(3, backoff: .constant(.seconds(1)))
    let recording = await record(source.retry(policy, clock: TestClock()) { _ in .fail })
    #expect(recording.completion == .failure(.boom))
    #expect(source.subscriptions.value == 1)
  }

  @Test func aDecisionToRetryAfterAWaitReplacesTheBackoff() async {
    let clock = TestClock()
    let source = FlakyPublisher(values: [2], failingSubscriptions: 1)
    let policy = RetryPolicy.upTo(3, backoff: .constant(.seconds(1)))
    let run = Task { await record(source.retry(policy, clock: clock) { _ in .retryAfter(.seconds(30)) }) }
    await clock.waitForSleepers(count: 1)
    #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(30)))
    await clock.advance(by: .seconds(30))
    #expect(await run.value == Recording(values: [2, 2], completion: .finished))
  }

  @Test func theDecisionSeesEachFailure() async {
    let seen = Counter()
    let source = FlakyPublisher(values: [], failingSubscriptions: 2)
    let recording = await record(
      source.retry(.upTo(5), clock: TestClock()) { error in
        seen.increment()
        return error == .boom ? .retry : .fail
      })
    #expect(recording.completion == .finished)
    #expect(seen.value == 2)
    #expect(source.subscriptions.value == 3)
  }

  @Test func cancellingDuringTheWaitEndsItAndPassesTheFailureOn() async {
    let clock = TestClock()
    let source = FlakyPublisher(values: [], failingSubscriptions: 5)
    let run = Task { await record(source.retry(3, delay: .constant(.seconds(60)), clock: clock)) }
    await clock.waitForSleepers(count: 1)
    run.cancel()
    #expect(await run.value.completion == .failure(.boom))
    #expect(source.subscriptions.value == 1)
    #expect(clock.sleeperCount == 0)
  }

  @Test func aZeroBackoffNeverSleeps() async {
    let clock = TestClock()
    let source = FlakyPublisher(values: [], failingSubscriptions: 2)
    // Would hang if it slept: nobody advances this clock.
    #expect(await record(source.retry(2, delay: .immediate, clock: clock)).completion == .finished)
    #expect(source.subscriptions.value == 3)
  }

  @Test func theFailedSubscriptionIsReleasedBeforeTheWait() async {
    let clock = TestClock()
    let source = LiveFailing()
    let run = Task { await record(source.retry(1, delay: .constant(.seconds(1)), clock: clock)) }
    await clock.waitForSleepers(count: 1)
    #expect(source.subscriptions.value == 1)
    #expect(source.live.value == 0)
    await clock.advance(by: .seconds(1))
    #expect(await run.value.completion == .failure(.boom))
    #expect(source.subscriptions.value == 2)
  }
}

/// Fails every subscription at once; counts subscriptions and the iterators still alive.
private struct LiveFailing: Publisher {
  typealias Output = Int
  typealias Failure = TestError

  let subscriptions = Counter()
  let live = LiveCount()

  func makeAsyncIterator() -> Iterator {
    subscriptions.increment()
    return Iterator(token: LiveToken(live))
  }

  struct Iterator: AsyncIteratorProtocol {
    let token: LiveToken

    mutating func next() async throws(TestError) -> Int? {
      throw .boom
    }
  }
}

private final class LiveCount: Sendable {
  let count = Mutex(0)
  var value: Int { count.withLock { $0 } }
}

private final class LiveToken: Sendable {
  let live: LiveCount

  init(_ live: LiveCount) {
    self.live = live
    live.count.withLock { $0 += 1 }
  }

  deinit {
    live.count.withLock { $0 -= 1 }
  }
}
