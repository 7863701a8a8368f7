import Signal
import SignalTesting
import Testing

@Suite(.timeLimit(.minutes(1))) struct MeasureIntervalTests {
  @Test func measuresFromSubscribingThenBetweenValues() async {
    let clock = TestClock()
    let source = TestSource<Int, Never>()
    let recorder = Recorder(source.measureInterval(using: clock))
    await clock.advance(by: .seconds(2))
    await source.send(1)
    await clock.advance(by: .milliseconds(500))
    await source.send(2)
    await source.send(3)
    await source.send(completion: .finished)
    #expect(
      await recorder.remaining() == [.value(.seconds(2)), .value(.milliseconds(500)), .value(.zero), .finished])
  }

  @Test func passesTheFailureOn() async {
    #expect(await record(failing(after: [1]).measureInterval(using: TestClock())).completion == .failure(.boom))
  }
}
