import OperatorContract
import Signal
import SignalTesting
import Testing

@Suite(.timeLimit(.minutes(1))) struct WithLatestFromTests {
  let upstream = TestSource<Int, TestError>()
  let other = TestSource<String, TestError>()

  /// Each `send` to a `TestSource` returns once the operator has taken the event, so the
  /// order of the sends below is the order in which the operator sees them.
  func joined() -> Recorder<String, TestError> {
    Recorder(upstream.withLatestFrom(other) { "\($0)\($1)" })
  }

  @Test func dropsValuesBeforeTheOthersFirstValueThenPairsEachWithTheLatest() async {
    let recorder = joined()
    await upstream.send(1)
    await other.send("a")
    await upstream.send(2)
    await upstream.send(3)
    await other.send("b")
    await other.send("c")
    await upstream.send(4)
    await upstream.send(completion: .finished)
    #expect(await recorder.remaining() == [.value("2a"), .value("3a"), .value("4c"), .finished])
  }

  @Test func theTupleFormPairsTheValues() async {
    let values = Recorder(upstream.withLatestFrom(other).map { "\($0.0)-\($0.1)" })
    await other.send("x")
    await upstream.send(1)
    await upstream.send(completion: .finished)
    #expect(await values.remaining() == [.value("1-x"), .finished])
  }

  @Test func theOtherFinishingKeepsItsLatestValue() async {
    let recorder = joined()
    await other.send("a")
    await other.send(completion: .finished)
    await upstream.send(1)
    await upstream.send(2)
    await upstream.send(completion: .finished)
    #expect(await recorder.remaining() == [.value("1a"), .value("2a"), .finished])
  }

  @Test func theOtherFinishingWithoutAValueDropsEverythingUntilTheUpstreamEnds() async {
    let recorder = joined()
    await other.send(completion: .finished)
    await upstream.send(1)
    await upstream.send(completion: .finished)
    #expect(await recorder.remaining() == [.finished])
  }

  @Test func theOtherFailingFailsAtOnceAfterThePairsAlreadyMadeAndCancelsTheUpstream() async {
    let probe = SubscriptionProbe()
    let recorder = Recorder(upstream.probed(by: probe).withLatestFrom(other) { "\($0)\($1)" })
    await other.send("a")
    await upstream.send(1)
    // The upstream sends nothing more: the failure does not wait for it.
    await other.send(completion: .failure(.boom))
    #expect(await recorder.remaining() == [.value("1a"), .failure(.boom)])
    await probe.waitUntilAllReleased()
  }

  @Test func theUpstreamFinishingFinishesAndCancelsTheOther() async {
    let probe = SubscriptionProbe()
    let recorder = Recorder(upstream.withLatestFrom(other.probed(by: probe)) { "\($0)\($1)" })
    await other.send("a")
    await upstream.send(1)
    await upstream.send(completion: .finished)
    #expect(await recorder.remaining() == [.value("1a"), .finished])
    await probe.waitUntilAllReleased()
  }

  @Test func theUpstreamFailingFails() async {
    let recorder = joined()
    await other.send("a")
    await upstream.send(completion: .failure(.other))
    #expect(await recorder.remaining() == [.failure(.other)])
  }

  @Test func anEmptyUpstreamFinishesAtOnce() async {
    let never = PassthroughSubject<String, Never>()
    #expect(await Empty<Int, Never>().withLatestFrom(never).allValues().isEmpty)
  }

  @Test func cancellingTheConsumerCancelsBothPublishers() async {
    let probe = SubscriptionProbe()
    let recorder = Recorder(upstream.probed(by: probe).withLatestFrom(other.probed(by: probe)) { "\($0)\($1)" })
    await other.send("a")
    await upstream.send(1)
    #expect(await recorder.next() == .value("1a"))
    recorder.cancel()
    await probe.waitUntilAllReleased()
    #expect(probe.subscriptions == 2)
  }

  @Test func theTwoPublisherFormPairsEachValueWithBothLatestValuesAndOutlivesThem() async {
    let first = CurrentValueSubject<String, TestError>("a")
    let second = CurrentValueSubject<Bool, TestError>(true)
    let recorder = Recorder(upstream.withLatestFrom(first, second) { "\($0)\($1)\($2)" })
    // The latest values reach the operator through `combineLatest`, on their own time: send
    // until one value is paired. Each value is either dropped or paired with both.
    let sender = Task {
      var value = 0
      while !Task.isCancelled {
        value += 1
        await upstream.send(value)
      }
    }
    let paired = await recorder.next()
    sender.cancel()
    await sender.value
    guard case .value(let text)? = paired else {
      Issue.record("expected a value, got \(String(describing: paired))")
      return
    }
    #expect(text.hasSuffix("atrue"))
    await first.send(completion: .finished)
    await second.send(completion: .finished)
    // Both others have finished: the stream goes on with their latest values.
    await upstream.send(-1)
    await upstream.send(completion: .finished)
    let rest = await recorder.remaining()
    #expect(rest.suffix(2) == [.value("-1atrue"), .finished])
    #expect(rest.allSatisfy { if case .value(let text) = $0 { text.hasSuffix("atrue") } else { true } })
  }

  @Test func theTwoPublisherFormFailsWhenEitherOtherFails() async {
    let first = PassthroughSubject<String, TestError>()
    let second = PassthroughSubject<String, TestError>()
    let recorder = Recorder(upstream.withLatestFrom(first, second) { "\($0)\($1)\($2)" })
    await second.send(completion: .failure(.boom))
    #expect(await recorder.remaining() == [.failure(.boom)])
  }
}
