import SignalTesting
import Testing

/// Records which sleeper woke at which virtual instant.
private actor WakeLog {
  var entries: [(name: String, at: TestClock.Instant)] = []

  func append(_ name: String, _ instant: TestClock.Instant) {
    entries.append((name, instant))
  }
}

@Suite(.timeLimit(.minutes(1))) struct TestClockTests {
  @Test func timeMovesOnlyForwardAndOnlyWhenAdvanced() async {
    let clock = TestClock()
    #expect(clock.now == .zero)
    await clock.advance(by: .seconds(2))
    #expect(clock.now == .seconds(2))
    await clock.advance(by: .seconds(-1))
    #expect(clock.now == .seconds(2))
    await clock.advance(to: .seconds(1))
    #expect(clock.now == .seconds(2))
    await clock.advance(to: .seconds(3.5))
    #expect(clock.now == .seconds(3.5))
    #expect(clock.minimumResolution == .zero)
  }

  @Test func sleepingUntilAnInstantThatHasPassedReturnsAtOnce() async throws {
    let clock = TestClock(now: .seconds(5))
    try await clock.sleep(until: .seconds(5))
    try await clock.sleep(until: .seconds(1))
    #expect(clock.sleeperCount == 0)
    #expect(clock.now == .seconds(5))
  }

  @Test func aSleeperWakesWhenTimeReachesItsDeadline() async throws {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(5)) }
    await clock.waitForSleepers(count: 1)
    #expect(clock.nextDeadline == .seconds(5))
    await clock.advance(by: .seconds(4))
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(1))
    try await sleeper.value
    #expect(clock.sleeperCount == 0)
    #expect(clock.now == .seconds(5))
  }

  @Test func oneAdvanceWakesSleepersInDeadlineOrderWithNowAtEachDeadline() async {
    // A generous settle bound: each sleeper logs and sleeps again before time moves on.
    let clock = TestClock(settleYields: 100_000)
    let log = WakeLog()
    var sleepers: [Task<Void, Never>] = []
    for (index, (name, deadline)) in [("c", 3.0), ("a", 1.0), ("b", 2.0)].enumerated() {
      sleepers.append(
        Task {
          guard (try? await clock.sleep(until: .seconds(deadline))) != nil else { return }
          await log.append(name, clock.now)
          try? await clock.sleep(until: .seconds(100))
        })
      await clock.waitForSleepers(count: index + 1)
    }
    await clock.advance(to: .seconds(10))
    let entries = await log.entries
    #expect(entries.map(\.name) == ["a", "b", "c"])
    #expect(entries.map(\.at) == [.seconds(1), .seconds(2), .seconds(3)])
    #expect(clock.now == .seconds(10))
    for sleeper in sleepers { sleeper.cancel() }
  }

  @Test func sleepersWithTheSameDeadlineWakeTogether() async throws {
    let clock = TestClock()
    let first = Task { try await clock.sleep(until: .seconds(1)) }
    let second = Task { try await clock.sleep(until: .seconds(1)) }
    let later = Task { try await clock.sleep(until: .seconds(2)) }
    await clock.waitForSleepers(count: 3)
    await clock.advance(to: .seconds(1))
    try await first.value
    try await second.value
    #expect(clock.sleeperCount == 1)
    later.cancel()
  }

  @Test func cancellingASleeperWakesItWithCancellationError() async {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(10)) }
    await clock.waitForSleepers(count: 1)
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.sleeperCount == 0)
  }

  @Test func aCancelledTaskDoesNotSleep() async {
    let clock = TestClock()
    let sleeper = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(10))
    }
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.sleeperCount == 0)
  }

  @Test func waitForSleepersReturnsOnceEnoughTasksSleep() async {
    let clock = TestClock()
    await clock.waitForSleepers(count: 0)
    let waiter = Task { await clock.waitForSleepers(count: 2) }
    let one = Task { try await clock.sleep(for: .seconds(1)) }
    let two = Task { try await clock.sleep(for: .seconds(2)) }
    await waiter.value
    #expect(clock.sleeperCount == 2)
    one.cancel()
    two.cancel()
  }

  @Test func aCancelledWaitForSleepersReturns() async {
    let clock = TestClock()
    let waiter = Task { await clock.waitForSleepers(count: 1) }
    waiter.cancel()
    await waiter.value
    #expect(clock.sleeperCount == 0)
  }

  @Test func runAdvancesThroughEveryDeadlineUntilNobodySleeps() async throws {
    let clock = TestClock()
    let chain = Task {
      try await clock.sleep(until: .seconds(1))
      try await clock.sleep(until: .seconds(4))
    }
    await clock.waitForSleepers(count: 1)
    await clock.run()
    try await chain.value
    #expect(clock.now == .seconds(4))
    #expect(clock.sleeperCount == 0)
  }

  @Test func runStopsAfterItsStepLimitWhenSomethingSleepsForever() async {
    let clock = TestClock(settleYields: 100_000)
    let forever = Task {
      while (try? await clock.sleep(for: .seconds(1))) != nil {}
    }
    await clock.waitForSleepers(count: 1)
    await clock.run(maxSteps: 3)
    #expect(clock.now == .seconds(3))
    forever.cancel()
    await forever.value
  }
}
