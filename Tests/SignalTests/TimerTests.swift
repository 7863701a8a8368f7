import Signal
import SignalTesting
import Testing

@Suite(.timeLimit(.minutes(1))) struct TimerTests {
  let clock = TestClock()

  @Test func ticksOnAFixedGridOverManyTicks() async {
    let ticks = Recorder(Publishers.Timer(every: .milliseconds(300), clock: clock).prefix(1000))
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(300))
    let expected = (1...1000).map {
      Recorder<TestClock.Instant, Never>.Event.value(.init(offset: .milliseconds(300 * $0)))
    }
    #expect(await ticks.remaining() == expected + [.finished])
  }

  @Test func aLateConsumerGetsTheMissedTickAtOnceAndTheScheduleDoesNotDrift() async {
    var iterator = Publishers.Timer(every: .seconds(1), clock: clock).makeAsyncIterator()
    let firstTick = Task {
      await clock.waitForSleepers(count: 1)
      await clock.advance(by: .seconds(1))
    }
    #expect(await iterator.next() == .seconds(1))
    await firstTick.value
    await clock.advance(by: .seconds(1.5))  // t=2.5: the tick due at 2 is late
    #expect(await iterator.next() == .seconds(2))
    let thirdTick = Task {
      await clock.waitForSleepers(count: 1)
      let deadline = clock.nextDeadline
      await clock.advance(to: .seconds(3))
      return deadline
    }
    #expect(await iterator.next() == .seconds(3))
    #expect(await thirdTick.value == .seconds(3))  // 2 + 1, not 2.5 + 1
  }

  @Test func theScheduleStartsAtTheFirstRequest() async {
    let timer = Publishers.Timer(every: .seconds(1), clock: clock)
    await clock.advance(by: .seconds(5))
    let tick = Task { await timer.firstValue() }
    await clock.waitForSleepers(count: 1)
    #expect(clock.nextDeadline == .seconds(6))
    await clock.advance(by: .seconds(1))
    #expect(await tick.value == .seconds(6))
  }

  @Test func cancellingTheConsumerEndsTheTimer() async {
    let ticks = Recorder(Publishers.Timer(every: .seconds(1), clock: clock))
    await clock.waitForSleepers(count: 1)
    ticks.cancel()
    #expect(await ticks.remaining() == [.finished])
    #expect(clock.sleeperCount == 0)
  }

  @Test func aNonPositiveIntervalFinishesAtOnce() async {
    #expect(await Publishers.Timer(every: .zero, clock: clock).allValues().isEmpty)
  }
}
