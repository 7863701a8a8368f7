import Signal
import SignalTesting
import Testing

@Suite(.timeLimit(.minutes(1))) struct CollectTests {
  let clock = TestClock()
  let source = TestSource<Int, TestError>()

  @Test func byTimeEmitsTheValuesOfEachWindow() async {
    let recorder = Recorder(source.collect(.byTime(clock, .seconds(1))))
    await source.send(1)
    await source.send(2)
    await clock.advance(by: .seconds(0.5))
    await source.send(3)
    await clock.advance(by: .seconds(0.5))
    #expect(await recorder.next() == .value([1, 2, 3]))
  }

  @Test func emptyWindowsProduceNothingAndWindowsStayOnTheGrid() async {
    let recorder = Recorder(source.collect(.byTime(clock, .seconds(1))))
    await source.send(1)
    await clock.advance(by: .seconds(1))
    #expect(await recorder.next() == .value([1]))
    await clock.advance(by: .seconds(3))  // windows [1,2), [2,3), [3,4) receive nothing
    #expect(clock.sleeperCount == 0)
    await source.send(2)  // t=4, exactly a window's end: it opens [4,5)
    await clock.advance(by: .seconds(0.5))
    await source.send(3)
    await clock.advance(by: .seconds(0.5))
    await clock.advance(by: .seconds(0.2))
    await source.send(4)  // t=5.2: the window is [5,6), not [5.2,6.2)
    await clock.waitForSleepers(count: 1)
    #expect(clock.nextDeadline == .seconds(6))
    await source.send(completion: .finished)
    #expect(await recorder.remaining() == [.value([2, 3]), .value([4]), .finished])
  }

  @Test func byTimeOrCountClosesAtTheCountAndRestartsTheWindow() async {
    let recorder = Recorder(source.collect(.byTimeOrCount(clock, .seconds(1), 2)))
    await clock.advance(by: .seconds(0.3))
    await source.send(1)
    await source.send(2)  // full at t=0.3: the next window is [0.3, 1.3)
    #expect(await recorder.next() == .value([1, 2]))
    await source.send(3)
    await clock.advance(to: .seconds(1))
    await source.send(4)  // still in [0.3, 1.3): full again
    #expect(await recorder.next() == .value([3, 4]))
    await source.send(5)
    await clock.advance(by: .seconds(1))
    #expect(await recorder.next() == .value([5]))
  }

  @Test func finishingEmitsThePartialBatch() async {
    let recorder = Recorder(source.collect(.byTime(clock, .seconds(1))))
    await source.send(1)
    await source.send(completion: .finished)
    #expect(await recorder.remaining() == [.value([1]), .finished])
  }

  @Test func failingDiscardsThePartialBatch() async {
    let recorder = Recorder(source.collect(.byTime(clock, .seconds(1))))
    await source.send(1)
    await source.send(completion: .failure(.boom))
    #expect(await recorder.remaining() == [.failure(.boom)])
  }

  @Test func aNonPositiveIntervalPutsEachValueInItsOwnBatch() async {
    let batches = await [1, 2].publisher.collect(.byTime(clock, .zero)).allValues()
    #expect(batches == [[1], [2]])
  }

  @Test func cancellingWithAPartialBatchLeavesNothingBehind() async {
    let clean = await leavesNothingBehind {
      let recorder = Recorder(source.collect(.byTime(clock, .seconds(1))))
      await source.send(1)
      await clock.waitForSleepers(count: 1)
      recorder.cancel()
      #expect(await recorder.remaining() == [.finished])
    }
    #expect(clean)
    #expect(clock.sleeperCount == 0)
  }
}
