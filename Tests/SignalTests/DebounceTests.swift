import Signal
import SignalTesting
import Testing

@Suite(.timeLimit(.minutes(1))) struct DebounceTests {
  let clock = TestClock()
  let source = TestSource<Int, TestError>()

  func debounced() -> Recorder<Int, TestError> {
    Recorder(source.debounce(for: .seconds(1), clock: clock))
  }

  @Test func aBurstCollapsesToItsLastValueOnceUpstreamIsQuiet() async {
    let recorder = debounced()
    await source.send(1)
    await clock.advance(by: .seconds(0.5))
    await source.send(2)
    await clock.advance(by: .seconds(0.5))  // 1's deadline passes, but 2 restarted the wait
    await source.send(3)
    await clock.advance(by: .seconds(1))
    #expect(await recorder.next() == .value(3))
    await source.send(completion: .finished)
    #expect(await recorder.remaining() == [.finished])
  }

  @Test func valuesFurtherApartThanTheIntervalAllPassInOrder() async {
    let recorder = debounced()
    for value in 1...3 {
      await source.send(value)
      await clock.advance(by: .seconds(1.5))
    }
    await source.send(completion: .finished)
    #expect(await recorder.remaining() == [.value(1), .value(2), .value(3), .finished])
  }

  @Test func aValueArrivingExactlyAtTheDeadlineComesAfterTheDebouncedValue() async {
    let recorder = debounced()
    await source.send(1)
    await clock.advance(to: .seconds(1))
    await source.send(2)
    await clock.advance(by: .seconds(1))
    await source.send(completion: .finished)
    #expect(await recorder.remaining() == [.value(1), .value(2), .finished])
  }

  @Test func finishingWhileAValueWaitsEmitsItAtOnceThenFinishes() async {
    let recorder = debounced()
    await source.send(1)
    await source.send(completion: .finished)
    #expect(await recorder.remaining() == [.value(1), .finished])
    #expect(clock.now == .zero)
  }

  @Test func failingWhileAValueWaitsDiscardsItAndFailsAtOnce() async {
    let recorder = debounced()
    await source.send(1)
    await source.send(completion: .failure(.boom))
    #expect(await recorder.remaining() == [.failure(.boom)])
  }

  @Test func cancellingWhileTheTimerIsPendingLeavesNothingBehind() async {
    let clean = await leavesNothingBehind {
      let recorder = debounced()
      await source.send(1)
      await clock.waitForSleepers(count: 1)
      recorder.cancel()
      #expect(await recorder.remaining() == [.finished])
    }
    #expect(clean)
    #expect(clock.sleeperCount == 0)
  }

  @Test func droppingTheIteratorEndsTheSubscription() async {
    let clean = await leavesNothingBehind {
      var iterator = source.debounce(for: .seconds(1), clock: clock).makeAsyncIterator()
      let driver = Task {
        await source.send(1)
        await clock.waitForSleepers(count: 1)
        await clock.advance(by: .seconds(1))
      }
      #expect((try? await iterator.next()) == 1)
      await driver.value
      await source.send(2)  // the subscription lives on until its iterator goes away
    }
    #expect(clean)
    #expect(clock.sleeperCount == 0)
  }

  @Test func afterTheEndEveryRequestReturnsNil() async throws {
    var iterator = failing(after: [1]).debounce(for: .seconds(1), clock: clock).makeAsyncIterator()
    await #expect(throws: TestError.boom) { try await iterator.next() }
    #expect(try await iterator.next() == nil)
    #expect(try await iterator.next() == nil)
  }

  @Test func eachIteratorIsItsOwnSubscription() async throws {
    let debounced = [1, 2, 3].publisher.debounce(for: .seconds(1), clock: clock)
    #expect(await debounced.allValues() == [3])
    #expect(await debounced.allValues() == [3])
  }

  // MARK: Marble diagrams (one tick = 1 s)

  @Test func marbleOnlyTheLastValueOfABurstGetsThrough() async {
    await MarbleTest.expect(
      "abc----d--|", through: { source, clock in source.debounce(for: .seconds(2), clock: clock) },
      produces: "----c----d|")
  }

  @Test func marbleATimerDueAtAValuesTickFiresFirst() async {
    // a is due at tick 2, when b arrives: the quiet period is over, a is emitted, b waits anew.
    await MarbleTest.expect(
      "a-b---|", through: { source, clock in source.debounce(for: .seconds(2), clock: clock) },
      produces: "--a-b-|")
  }

  @Test func marbleFinishingWhileAValueWaits() async {
    await MarbleTest.expect(
      "ab|", through: { source, clock in source.debounce(for: .seconds(2), clock: clock) }, produces: "--(b|)")
  }

  @Test func marbleAFailureDiscardsTheWaitingValue() async {
    await MarbleTest.expect(
      "ab#", through: { source, clock in source.debounce(for: .seconds(2), clock: clock) }, produces: "--#")
  }
}
