import Signal
import SignalTesting
import Testing

@Suite(.timeLimit(.minutes(1))) struct RecorderTests {
  @Test func recordsValuesThenTheFinishInOrder() async {
    let recorder = Recorder([1, 2, 3].publisher)
    #expect(await recorder.next() == .value(1))
    #expect(await recorder.remaining() == [.value(2), .value(3), .finished])
    #expect(await recorder.next() == nil)
  }

  @Test func recordsTheFailure() async {
    let recorder = Recorder(failing(after: [1]))
    #expect(await recorder.remaining() == [.value(1), .failure(.boom)])
  }

  @Test func aSubjectsValueSentRightAfterInitIsRecorded() async {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder(subject)
    await subject.send(1)
    await subject.send(completion: .finished)
    #expect(await recorder.remaining() == [.value(1), .finished])
  }

  @Test func cancelEndsTheSubscription() async {
    let source = TestSource<Int, Never>()
    let recorder = Recorder(source)
    await source.send(1)
    recorder.cancel()
    await recorder.waitUntilDone()
    #expect(await recorder.remaining() == [.value(1), .finished])
  }
}
