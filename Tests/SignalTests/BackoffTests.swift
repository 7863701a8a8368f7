import Signal
import Testing

@Suite struct BackoffTests {
  @Test func immediateNeverWaits() {
    #expect((1...5).map(Backoff.immediate.delay(beforeRetry:)) == Array(repeating: .zero, count: 5))
  }

  @Test func constantWaitsTheSameBeforeEveryRetry() {
    let backoff = Backoff.constant(.milliseconds(300))
    #expect((1...3).map(backoff.delay(beforeRetry:)) == Array(repeating: .milliseconds(300), count: 3))
    #expect(Backoff.constant(.seconds(-1)).delay(beforeRetry: 1) == .zero)
  }

  @Test func exponentialDoublesUpToItsCap() {
    let backoff = Backoff.exponential(initial: .milliseconds(100), maximum: .seconds(1))
    let delays = (1...7).map(backoff.delay(beforeRetry:))
    #expect(delays == [100, 200, 400, 800, 1000, 1000, 1000].map(Duration.milliseconds))
  }

  @Test func exponentialTakesAMultiplier() {
    let backoff = Backoff.exponential(initial: .seconds(1), multiplier: 3, maximum: .seconds(100))
    #expect((1...4).map(backoff.delay(beforeRetry:)) == [1, 3, 9, 27].map(Duration.seconds))
  }

  @Test func aHugeRetryNumberStaysAtTheCapWithoutOverflowing() {
    let backoff = Backoff.exponential(initial: .nanoseconds(1), multiplier: 10, maximum: .seconds(30))
    #expect(backoff.delay(beforeRetry: 10_000) == .seconds(30))
    #expect(backoff.delay(beforeRetry: .max) == .seconds(30))
  }

  @Test func odditiesAreClampedNotTrusted() {
    // A multiplier below 1 counts as 1; an initial delay above the cap is the cap.
    #expect(
      Backoff.exponential(initial: .seconds(2), multiplier: 0.5, maximum: .seconds(5)).delay(beforeRetry: 3)
        == .seconds(2))
    #expect(Backoff.exponential(initial: .seconds(9), maximum: .seconds(5)).delay(beforeRetry: 1) == .seconds(5))
    #expect(
      Backoff.exponential(initial: .seconds(1), multiplier: .nan, maximum: .seconds(5)).delay(beforeRetry: 4)
        == .seconds(1))
    #expect(Backoff.constant(.seconds(1)).delay(beforeRetry: 0) == .zero)
  }

  @Test func fullJitterTakesAwayARandomPartOfTheDelay() {
    let backoff = Backoff.exponential(initial: .seconds(1), maximum: .seconds(8))
    #expect(backoff.jittered(random: { 0 }).delay(beforeRetry: 3) == .seconds(4))
    #expect(backoff.jittered(random: { 0.25 }).delay(beforeRetry: 3) == .seconds(3))
    #expect(backoff.jittered(random: { 0.75 }).delay(beforeRetry: 1) == .milliseconds(250))
  }

  @Test func partialJitterKeepsTheRestOfTheDelay() {
    let backoff = Backoff.constant(.seconds(2)).jittered(0.5, random: { 0.5 })
    #expect(backoff.delay(beforeRetry: 1) == .milliseconds(1500))
    // A random source out of range is clamped into 0...1.
    #expect(Backoff.constant(.seconds(2)).jittered(0.5, random: { 7 }).delay(beforeRetry: 1) == .seconds(1))
    #expect(Backoff.constant(.seconds(2)).jittered(random: { -.infinity }).delay(beforeRetry: 1) == .seconds(2))
  }

  @Test func theDefaultJitterStaysWithinTheDelay() {
    let backoff = Backoff.constant(.seconds(1)).jittered()
    for _ in 0..<100 {
      let delay = backoff.delay(beforeRetry: 1)
      #expect(delay >= .zero && delay <= .seconds(1))
    }
  }
}

@Suite struct RetryPolicyTests {
  @Test func aNegativeCountIsZero() {
    #expect(RetryPolicy(maxRetries: -2).maxRetries == 0)
    var policy = RetryPolicy.upTo(3)
    policy.maxRetries = -1
    #expect(policy.maxRetries == 0)
    #expect(RetryPolicy.never.maxRetries == 0)
  }

  @Test func upToKeepsItsBackoff() {
    let policy = RetryPolicy.upTo(2, backoff: .constant(.seconds(3)))
    #expect(policy.maxRetries == 2)
    #expect(policy.backoff.delay(beforeRetry: 2) == .seconds(3))
  }
}
