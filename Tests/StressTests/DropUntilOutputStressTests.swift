import Signal
import Testing

/// `drop(untilOutputFrom:)` whose trigger ends without a value at a random moment, while an
/// endless upstream that is not a subject is busy producing: the stream finishes, the upstream is told
/// (its `receiveCancel`), and nothing the subscription made outlives it (the census).
@Suite(StressScale.timeLimit(minutes: 2)) struct DropUntilOutputStressTests {
  @Test func theTriggerEndingAtRandomReleasesABusyUpstream() async {
    for _ in 0..<(100 * StressScale.factor) {
      let (released, signal) = AsyncStream.makeStream(of: Void.self)
      let quiet = await inQuietCensusScope {
        let upstream = (1...).publisher.handleEvents(receiveCancel: { signal.yield() })
        let trigger = PassthroughSubject<Int, Never>()
        let consumer = Task { await upstream.drop(untilOutputFrom: trigger).allValues() }
        for _ in 0..<Int.random(in: 0...20) { await Task.yield() }
        await trigger.send(completion: .finished)
        #expect(await consumer.value == [])
        var iterator = released.makeAsyncIterator()
        #expect(await iterator.next() != nil)
      }
      #expect(quiet)
    }
  }
}
