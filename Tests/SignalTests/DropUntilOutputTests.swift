import OperatorContract
import Signal
import SignalTesting
import Synchronization
import Testing

@Suite(.timeLimit(.minutes(1))) struct DropUntilOutputTests {
  let upstream = TestSource<Int, TestError>()
  let trigger = TestSource<String, TestError>()

  @Test func dropsValuesUntilTheTriggersFirstValueThenReleasesTheTrigger() async {
    let probe = SubscriptionProbe()
    let recorder = Recorder(upstream.drop(untilOutputFrom: trigger.probed(by: probe)))
    await upstream.send(1)
    await trigger.send("go")
    // The trigger is not read again: its subscription ended with its first value.
    await probe.waitUntilAllReleased()
    #expect(await trigger.send("again") == false)
    await upstream.send(2)
    await upstream.send(3)
    await upstream.send(completion: .finished)
    #expect(await recorder.remaining() == [.value(2), .value(3), .finished])
  }

  @Test func theTriggerFinishingWithoutAValueFinishesAtOnceAndReleasesTheUpstream() async {
    let probe = SubscriptionProbe()
    let recorder = Recorder(upstream.probed(by: probe).drop(untilOutputFrom: trigger))
    await upstream.send(1)
    await trigger.send(completion: .finished)
    #expect(await recorder.remaining() == [.finished])
    await probe.waitUntilAllReleased()
  }

  @Test func theTriggerFailingWithoutAValueFails() async {
    let recorder = Recorder(upstream.drop(untilOutputFrom: trigger))
    await trigger.send(completion: .failure(.boom))
    #expect(await recorder.remaining() == [.failure(.boom)])
  }

  @Test func theTriggerEndingAfterItsValueChangesNothing() async {
    let recorder = Recorder(upstream.drop(untilOutputFrom: Just("go").setFailureType(to: TestError.self)))
    // Just finishes right after its value; the values sent once it is read pass.
    var sent = 0
    while true {
      sent += 1
      await upstream.send(sent)
      if sent == 1_000 { break }
    }
    await upstream.send(completion: .finished)
    let events = await recorder.remaining()
    #expect(events.last == .finished)
    let values = events.compactMap { if case .value(let value) = $0 { value } else { nil } }
    // Once open, every later value passes, in order.
    #expect(values == Array((values.first ?? 1001)...1000))
  }

  @Test func theUpstreamFailingFailsAfterTheTrigger() async {
    let recorder = Recorder(upstream.drop(untilOutputFrom: trigger))
    await trigger.send("go")
    await upstream.send(1)
    await upstream.send(completion: .failure(.other))
    #expect(await recorder.remaining() == [.value(1), .failure(.other)])
  }

  @Test func anEmptyUpstreamFinishesAndReleasesTheTrigger() async {
    let probe = SubscriptionProbe()
    let recording = await record(Empty<Int, TestError>().drop(untilOutputFrom: trigger.probed(by: probe)))
    #expect(recording == Recording(values: [], completion: .finished))
    await probe.waitUntilAllReleased()
  }
}

/// Signals each `receiveCancel` of the publishers it watches, so a test waits for a release
/// without polling.
private final class ReleaseSignal: Sendable {
  private let (events, input) = AsyncStream.makeStream(of: Void.self)

  func watch<P: Publisher>(_ publisher: P) -> Publishers.HandleEvents<P> {
    publisher.handleEvents(receiveCancel: { [input] in input.yield() })
  }

  /// Returns at the first release (the suite's time limit reports one that never comes).
  func released() async {
    var iterator = events.makeAsyncIterator()
    _ = await iterator.next()
  }
}

extension DropUntilOutputTests {
  @Test func aTriggerThatIsNotASubjectIsReleasedAfterItsFirstValue() async {
    let release = ReleaseSignal()
    let reads = Atomic(0)
    let trigger = release.watch((1...1_000).publisher.setFailureType(to: TestError.self))
      .handleEvents(receiveOutput: { _ in reads.add(1, ordering: .relaxed) })
    let recorder = Recorder(upstream.drop(untilOutputFrom: trigger))
    await release.released()
    // Read once: its first value opened the stream, and nothing more was asked of it.
    #expect(reads.load(ordering: .relaxed) == 1)
    await upstream.send(1)
    await upstream.send(completion: .finished)
    #expect(await recorder.remaining() == [.value(1), .finished])
  }

  @Test func theTriggerFinishingWithoutAValueReleasesABusyUpstream() async {
    // The upstream is never waiting for a value when the trigger ends (it is waiting for room
    // or about to push): it learns of the end by being released, not by a cancelled `next()`.
    // It never ends on its own, so only a release ends it.
    let release = ReleaseSignal()
    let busy = release.watch((1...).publisher.setFailureType(to: TestError.self))
    let recorder = Recorder(busy.drop(untilOutputFrom: trigger))
    await trigger.send(completion: .finished)
    #expect(await recorder.remaining() == [.finished])
    await release.released()
  }
}
