import OperatorContract
import Signal
import SignalTesting
import Testing

@Suite(.timeLimit(.minutes(1))) struct PrefixUntilOutputTests {
  let upstream = TestSource<Int, TestError>()
  let trigger = TestSource<String, Never>()

  @Test func republishesUntilTheTriggersFirstValueThenFinishesAndReleasesBoth() async {
    let probe = SubscriptionProbe()
    let recorder = Recorder(upstream.probed(by: probe).prefix(untilOutputFrom: trigger.probed(by: probe)))
    await upstream.send(1)
    await upstream.send(2)
    await trigger.send("stop")
    #expect(await recorder.remaining() == [.value(1), .value(2), .finished])
    // The upstream is released without sending anything more.
    await probe.waitUntilAllReleased()
    #expect(await upstream.send(3) == false)
  }

  @Test func theTriggerFinishingWithoutAValueChangesNothing() async {
    let recorder = Recorder(upstream.prefix(untilOutputFrom: trigger))
    await trigger.send(completion: .finished)
    await upstream.send(1)
    await upstream.send(completion: .finished)
    #expect(await recorder.remaining() == [.value(1), .finished])
  }

  @Test func theTriggerFailingIsNotThisStreamsFailure() async {
    let failingTrigger = TestSource<Int, TestError>()
    let recorder = Recorder(upstream.prefix(untilOutputFrom: failingTrigger))
    await failingTrigger.send(completion: .failure(.boom))
    await upstream.send(1)
    await upstream.send(completion: .finished)
    #expect(await recorder.remaining() == [.value(1), .finished])
  }

  @Test func theUpstreamFailingFailsAndReleasesTheTrigger() async {
    let probe = SubscriptionProbe()
    let recorder = Recorder(upstream.prefix(untilOutputFrom: trigger.probed(by: probe)))
    await upstream.send(1)
    await upstream.send(completion: .failure(.boom))
    #expect(await recorder.remaining() == [.value(1), .failure(.boom)])
    await probe.waitUntilAllReleased()
  }

  @Test func anEmptyUpstreamFinishes() async {
    #expect(await record(Empty<Int, TestError>().prefix(untilOutputFrom: trigger)).completion == .finished)
  }

  @Test func aTriggerWithAValueAtOnceFinishesTheStream() async {
    // Whatever the upstream had sent before the trigger's value reached the operator passes;
    // nothing after it does.
    let recording = await record(PassthroughSubject<Int, Never>().prefix(untilOutputFrom: Just(0)))
    #expect(recording.values.isEmpty)
    #expect(recording.completion == .finished)
  }
}
