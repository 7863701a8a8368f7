import Signal
import SignalTesting
import Testing

@Suite(.timeLimit(.minutes(1))) struct TimeoutTests {
  let clock = TestClock()
  let source = TestSource<Int, TestError>()

  @Test func silenceBeforeTheFirstValueFailsWithTheCustomError() async {
    let recorder = Recorder(source.timeout(.seconds(1), clock: clock, customError: { .other }))
    await clock.waitForSleepers(count: 1)
    #expect(clock.nextDeadline == .seconds(1))
    await clock.advance(by: .seconds(1))
    #expect(await recorder.remaining() == [.failure(.other)])
  }

  @Test func theClockRestartsAfterEachValue() async {
    let recorder = Recorder(source.timeout(.seconds(1), clock: clock))
    await clock.advance(by: .seconds(0.9))
    await source.send(1)
    await clock.advance(by: .seconds(0.9))  // t=1.8: 0.9 s since the request after 1
    await source.send(2)
    #expect(await recorder.next() == .value(1))
    #expect(await recorder.next() == .value(2))
    await clock.advance(by: .seconds(1))
    // Without a custom error, a timeout finishes the stream.
    #expect(await recorder.remaining() == [.finished])
  }

  @Test func aValueJustBeforeTheDeadlineIsInTime() async {
    let recorder = Recorder(source.timeout(.seconds(1), clock: clock, customError: { .other }))
    await clock.advance(by: .milliseconds(999))
    await source.send(1)
    await source.send(completion: .finished)
    #expect(await recorder.remaining() == [.value(1), .finished])
  }

  @Test func upstreamFailurePassesThrough() async {
    let recorder = Recorder(source.timeout(.seconds(1), clock: clock, customError: { .other }))
    await source.send(completion: .failure(.boom))
    #expect(await recorder.remaining() == [.failure(.boom)])
  }

  @Test func aTimeoutCancelsTheUpstreamIterationAndLeavesNothingBehind() async {
    let clean = await leavesNothingBehind {
      let recorder = Recorder(source.timeout(.seconds(1), clock: clock))
      await clock.waitForSleepers(count: 1)
      await clock.advance(by: .seconds(1))
      #expect(await recorder.remaining() == [.finished])
    }
    #expect(clean)
  }

  @Test func cancellingWhileWaitingLeavesNothingBehind() async {
    let clean = await leavesNothingBehind {
      let recorder = Recorder(source.timeout(.seconds(1), clock: clock))
      await clock.waitForSleepers(count: 1)
      recorder.cancel()
      #expect(await recorder.remaining() == [.finished])
    }
    #expect(clean)
    #expect(clock.sleeperCount == 0)
  }
}
