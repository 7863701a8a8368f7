import Signal
import SignalTesting
import Testing

@Suite(.timeLimit(.minutes(1))) struct DelayTests {
  let clock = TestClock()
  let source = TestSource<Int, TestError>()

  @Test func eachValueArrivesOneIntervalLaterInOrder() async {
    let recorder = Recorder(source.delay(for: .seconds(1), clock: clock))
    await source.send(1)
    await clock.advance(by: .seconds(0.5))
    await source.send(2)
    await source.send(3)
    await clock.advance(by: .seconds(0.5))
    #expect(await recorder.next() == .value(1))
    await clock.waitForSleepers(count: 1)
    #expect(clock.nextDeadline == .seconds(1.5))
    await clock.advance(by: .seconds(0.5))
    #expect(await recorder.next() == .value(2))
    #expect(await recorder.next() == .value(3))
  }

  @Test func aValueArrivingWhenAnotherIsDueFollowsIt() async {
    let recorder = Recorder(source.delay(for: .seconds(1), clock: clock))
    await source.send(1)
    await clock.advance(to: .seconds(1))
    await source.send(2)
    await source.send(completion: .finished)
    await clock.advance(by: .seconds(1))
    #expect(await recorder.remaining() == [.value(1), .value(2), .finished])
  }

  @Test func finishingDeliversTheValuesInFlightFirst() async {
    let recorder = Recorder(source.delay(for: .seconds(1), clock: clock))
    await source.send(1)
    await source.send(completion: .finished)
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(1))
    #expect(await recorder.remaining() == [.value(1), .finished])
  }

  @Test func failingDiscardsTheValuesInFlight() async {
    let recorder = Recorder(source.delay(for: .seconds(1), clock: clock))
    await source.send(1)
    await source.send(completion: .failure(.boom))
    #expect(await recorder.remaining() == [.failure(.boom)])
  }

  @Test func aFullBufferPausesUpstreamAndALaterReadIsDueLater() async {
    let recorder = Recorder(source.delay(for: .seconds(1), clock: clock, bufferLimit: 1))
    // The buffer holds 1, so 2 is read only after 1 has left, at t=1: it is due at t=2.
    // (Each send returns when the operator asks for more, so the sends run in a task.)
    let sender = Task {
      await source.send(1)
      await source.send(2)
    }
    await clock.waitForSleepers(count: 1)
    #expect(clock.nextDeadline == .seconds(1))
    await clock.advance(by: .seconds(1))
    #expect(await recorder.next() == .value(1))
    await clock.waitForSleepers(count: 1)
    #expect(clock.nextDeadline == .seconds(2))
    await clock.advance(by: .seconds(1))
    #expect(await recorder.next() == .value(2))
    await sender.value
  }

  @Test func cancellingWithValuesInFlightLeavesNothingBehind() async {
    let clean = await leavesNothingBehind {
      let recorder = Recorder(source.delay(for: .seconds(1), clock: clock))
      await source.send(1)
      await source.send(2)
      await clock.waitForSleepers(count: 1)
      recorder.cancel()
      #expect(await recorder.remaining() == [.finished])
    }
    #expect(clean)
    #expect(clock.sleeperCount == 0)
  }
}
