import Signal
import SignalTesting
import Testing

@Suite(.timeLimit(.minutes(1))) struct ImmediateClockTests {
  @Test func aSleepMovesNowToItsDeadlineAndNeverBack() async throws {
    let clock = ImmediateClock()
    #expect(clock.now == .zero)
    #expect(clock.minimumResolution == .zero)
    try await clock.sleep(for: .seconds(2))
    #expect(clock.now == .seconds(2))
    try await clock.sleep(until: .seconds(1))
    #expect(clock.now == .seconds(2))
    try await clock.sleep(for: .seconds(-1))
    #expect(clock.now == .seconds(2))
    try await clock.sleep(until: .seconds(3.5))
    #expect(clock.now == .seconds(3.5))
  }

  @Test func aClockCanStartAtAnyInstant() async throws {
    let clock = ImmediateClock(now: .seconds(10))
    try await clock.sleep(for: .seconds(1))
    #expect(clock.now == .seconds(11))
  }

  @Test func concurrentSleepersLeaveNowAtTheLatestDeadline() async throws {
    let clock = ImmediateClock()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for second in (1...200).shuffled() {
        group.addTask { try await clock.sleep(until: .seconds(Double(second))) }
      }
      try await group.waitForAll()
    }
    #expect(clock.now == .seconds(200))
  }

  @Test func aCancelledTaskThrowsAndTimeStaysPut() async {
    let clock = ImmediateClock()
    let sleeper = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(10))
    }
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.now == .zero)
  }

  @Test func aLoopThatSleepsForeverEndsWhenItsTaskIsCancelled() async {
    let clock = ImmediateClock()
    let loop = Task {
      var rounds = 0
      while true {
        try await clock.sleep(for: .seconds(1))
        rounds += 1
        if rounds == 3 { withUnsafeCurrentTask { $0?.cancel() } }
      }
    }
    await #expect(throws: CancellationError.self) { try await loop.value }
    #expect(clock.now == .seconds(3))
  }

  @Test func aTimerTicksAtOnceOnItsGrid() async {
    let clock = ImmediateClock()
    let ticks = await Publishers.Timer(every: .seconds(1), clock: clock).prefix(3).allValues()
    #expect(ticks == [.seconds(1), .seconds(2), .seconds(3)])
    #expect(clock.now == .seconds(3))
  }

  @Test func delayDeliversEveryValueWithoutAnyoneAdvancingTime() async {
    let clock = ImmediateClock()
    let values = await [1, 2, 3].publisher.delay(for: .seconds(1), clock: clock).allValues()
    #expect(values == [1, 2, 3])
    #expect(clock.now >= .seconds(1))
  }

  @Test func debounceEndsWithTheLastValue() async {
    // Which earlier values also come out depends on how the timer and upstream interleave.
    let clock = ImmediateClock()
    let values = await [1, 2, 3].publisher.debounce(for: .seconds(1), clock: clock).allValues()
    #expect(values.last == 3)
    #expect(values == values.sorted() && Set(values).count == values.count)
  }

  @Test func aDelayDebounceTimeoutChainOverSilenceTimesOutAtItsDeadline() async {
    let clock = ImmediateClock()
    let silent = PassthroughSubject<Int, TestError>()
    let chain =
      silent
      .delay(for: .seconds(1), clock: clock)
      .debounce(for: .seconds(2), clock: clock)
      .timeout(.seconds(30), clock: clock, customError: { .other })
    await #expect(throws: TestError.other) { try await chain.allValues() }
    #expect(clock.now == .seconds(30))
  }

  @Test func aDelayDebounceChainFinishesAfterItsValues() async throws {
    let clock = ImmediateClock()
    let chain = [1, 2, 3].publisher
      .delay(for: .seconds(1), clock: clock)
      .debounce(for: .seconds(2), clock: clock)
    let values = await chain.allValues()
    #expect(values.last == 3)
    #expect(clock.now >= .seconds(1))
  }
}
