import Signal
import SignalTesting
import Testing

@Suite(.timeLimit(.minutes(1))) struct TestSourceTests {
  @Test func sendReturnsOnlyWhenTheSubscriberAsksAgain() async throws {
    let source = TestSource<Int, Never>()
    var iterator = source.makeAsyncIterator()
    let sender = Task {
      await source.send(1)
      await source.send(2)
      await source.send(completion: .finished)
    }
    #expect(await iterator.next() == 1)
    #expect(await iterator.next() == 2)
    #expect(await iterator.next() == nil)
    #expect(await iterator.next() == nil)
    await sender.value
  }

  @Test func aFailureIsThrownOnceThenTheStreamIsOver() async {
    let source = TestSource<Int, TestError>()
    let recorder = Recorder(source)
    await source.send(7)
    await source.send(completion: .failure(.boom))
    #expect(await recorder.remaining() == [.value(7), .failure(.boom)])
  }

  @Test func aSubscriptionThatEndsReleasesTheWaitingSender() async {
    let source = TestSource<Int, Never>()
    let recorder = Recorder(source.prefix(1))
    await source.send(1)  // prefix(1) never asks again; its iterator goes away instead
    #expect(await recorder.remaining() == [.value(1), .finished])
  }

  @Test func cancellingTheSubscriberEndsItsStream() async {
    let source = TestSource<Int, Never>()
    let recorder = Recorder(source)
    recorder.cancel()
    #expect(await recorder.remaining() == [.finished])
  }

  @Test func aSendWithNoSubscriptionLeftIsDroppedInsteadOfWaiting() async {
    let source = TestSource<Int, Never>()
    let recorder = Recorder(source.prefix(1))
    #expect(await source.send(1))
    #expect(await recorder.remaining() == [.value(1), .finished])
    #expect(await source.send(2) == false)
    #expect(await source.send(completion: .finished) == false)
  }

  @Test func aSendAfterTheCompletionIsDropped() async {
    let source = TestSource<Int, Never>()
    let recorder = Recorder(source)
    #expect(await source.send(completion: .finished))
    #expect(await source.send(1) == false)
    #expect(await recorder.remaining() == [.finished])
  }

  @Test func laterSubscribersGetTheCompletionAtOnce() async {
    let source = TestSource<Int, Never>()
    let first = Recorder(source)
    await source.send(completion: .finished)
    #expect(await first.remaining() == [.finished])
    #expect(await Recorder(source).remaining() == [.finished])
  }
}
