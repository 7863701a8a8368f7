import Signal
import SignalTesting
import Testing

@Suite(.timeLimit(.minutes(1))) struct ThrottleTests {
  let clock = TestClock()
  let source = TestSource<Int, TestError>()

  func throttled(latest: Bool) -> Recorder<Int, TestError> {
    Recorder(source.throttle(for: .seconds(1), clock: clock, latest: latest))
  }

  @Test(arguments: [(true, 3), (false, 2)])
  func theFirstValuePassesAtOnceThenOnePerInterval(latest: Bool, kept: Int) async {
    let recorder = throttled(latest: latest)
    await source.send(1)
    #expect(await recorder.next() == .value(1))
    await source.send(2)
    await source.send(3)
    await clock.advance(by: .seconds(1))
    #expect(await recorder.next() == .value(kept))
  }

  @Test func eachEmissionAtAnIntervalsEndStartsTheNextInterval() async {
    let recorder = throttled(latest: true)
    await source.send(1)
    await source.send(2)
    await clock.advance(by: .seconds(1))  // 2 leaves at t=1, opening [1, 2)
    await source.send(3)
    await clock.advance(by: .seconds(0.5))
    await source.send(4)
    await clock.advance(by: .seconds(0.5))  // 4 leaves at t=2
    await source.send(completion: .finished)
    await clock.run()
    #expect(await recorder.remaining() == [.value(1), .value(2), .value(4), .finished])
  }

  @Test func afterAQuietIntervalTheNextValuePassesAtOnce() async {
    let recorder = throttled(latest: true)
    await source.send(1)
    await clock.advance(by: .seconds(1.5))
    await source.send(2)
    #expect(await recorder.next() == .value(1))
    #expect(await recorder.next() == .value(2))
    #expect(clock.sleeperCount == 0)
  }

  @Test func aValueExactlyAtTheEndOfAnIntervalPassesAtOnce() async {
    let recorder = throttled(latest: false)
    await source.send(1)
    await clock.advance(to: .seconds(1))
    await source.send(2)  // the interval [0, 1) is over
    await source.send(3)  // inside [1, 2)
    await clock.advance(by: .seconds(1))
    await source.send(completion: .finished)
    await clock.run()
    #expect(await recorder.remaining() == [.value(1), .value(2), .value(3), .finished])
  }

  @Test func finishingWhileAValueWaitsEmitsItWhenItsIntervalEnds() async {
    let recorder = throttled(latest: true)
    await source.send(1)
    await source.send(2)
    await source.send(completion: .finished)
    #expect(await recorder.next() == .value(1))
    await clock.waitForSleepers(count: 1)
    #expect(clock.nextDeadline == .seconds(1))
    await clock.advance(by: .seconds(1))
    #expect(await recorder.remaining() == [.value(2), .finished])
  }

  @Test func failingWhileAValueWaitsDiscardsItAndFailsAtOnce() async {
    let recorder = throttled(latest: true)
    await source.send(1)
    await source.send(2)
    await source.send(completion: .failure(.boom))
    #expect(await recorder.remaining() == [.value(1), .failure(.boom)])
  }

  @Test func cancellingWhileAValueWaitsLeavesNothingBehind() async {
    let clean = await leavesNothingBehind {
      let recorder = throttled(latest: true)
      await source.send(1)
      await source.send(2)
      await clock.waitForSleepers(count: 1)
      recorder.cancel()
      #expect(await recorder.remaining() == [.value(1), .finished])
    }
    #expect(clean)
    #expect(clock.sleeperCount == 0)
  }

  // MARK: Marble diagrams (one tick = 1 s)

  @Test func marbleLatestEmitsTheNewestValueOfEachInterval() async {
    await MarbleTest.expect(
      "abc-d-------e|", through: { source, clock in source.throttle(for: .seconds(3), clock: clock, latest: true) },
      produces: "a--c--d-----e|")
  }

  @Test func marbleFirstEmitsTheFirstValueOfEachInterval() async {
    await MarbleTest.expect(
      "abc-d-------e|", through: { source, clock in source.throttle(for: .seconds(3), clock: clock, latest: false) },
      produces: "a--b--d-----e|")
  }

  @Test func marbleAValueWaitingAtTheEndIsEmittedWhenItsIntervalEnds() async {
    await MarbleTest.expect(
      "ab|", through: { source, clock in source.throttle(for: .seconds(3), clock: clock, latest: true) },
      produces: "a--(b|)")
  }
}
