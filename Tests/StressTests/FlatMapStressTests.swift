import Testing

@testable import Signal

@Suite struct FlatMapStressTests {
  @Test func innersUnderRandomCancellationAndFailure() async {
    for _ in 0..<(30 * StressScale.factor) {
      let inners = Int.random(in: 0...40)
      let length = Int.random(in: 0...50)
      let failing = Bool.random() && inners > 0 && length > 0 ? Int.random(in: 0..<inners) : nil
      let cancelAfter = Bool.random() ? Int.random(in: 0...(inners * length)) : nil
      let quiet = await inQuietCensusScope {
        let flat = (0..<inners).publisher.setFailureType(to: InjectedFailure.self)
          .flatMap(maxPublishers: Int.random(in: 1...8)) { source in
            TaggedSource(source: source, count: length, failAt: source == failing ? length / 2 : nil)
          }
        let (values, failure) = await consume(flat, cancelAfter: cancelAfter)
        #expect(isGaplessPerSource(values))
        if cancelAfter == nil {
          // Nobody cancelled: the injected failure arrived, or else every inner value did.
          #expect((failure != nil) == (failing != nil))
          if failing == nil { #expect(values.count == inners * length) }
        }
      }
      #expect(quiet)
    }
  }

  @Test func slowInnersRespectMaxPublishers() async {
    for _ in 0..<(10 * StressScale.factor) {
      let quiet = await inQuietCensusScope {
        let gauge = Gauge()
        let maxPublishers = Int.random(in: 1...4)
        let flat = (0..<30).publisher.setFailureType(to: InjectedFailure.self).flatMap(maxPublishers: maxPublishers) {
          source in
          TaggedSource(source: source, count: 20).handleEvents(
            receiveSubscription: { gauge.enter() }, receiveCompletion: { _ in gauge.leave() })
        }
        let (values, _) = await consume(flat, cancelAfter: nil)
        #expect(values.count == 600)
        #expect(isGaplessPerSource(values))
        #expect(gauge.peak <= maxPublishers)
      }
      #expect(quiet)
    }
  }

  @Test(StressScale.timeLimit(minutes: 5))
  func fastInnersThenInnersThatWaitForEachOther() async {
    for _ in 0..<(20 * StressScale.factor) {
      let maxPublishers = Int.random(in: 1...6)
      let fast = Int.random(in: 0...200)
      let cancelAfter = Bool.random() ? Int.random(in: 0...(fast + maxPublishers)) : nil
      let quiet = await inQuietCensusScope {
        let rendezvous = StressRendezvous(parties: maxPublishers)
        let flat = (0..<(fast + maxPublishers)).publisher.flatMap(maxPublishers: maxPublishers) {
          n -> AnyPublisher<Int, Never> in
          n < fast ? Just(n).eraseToAnyPublisher() : rendezvous.member(n - fast).map { $0 + fast }.eraseToAnyPublisher()
        }
        let (values, _) = await consume(flat, cancelAfter: cancelAfter)
        if cancelAfter == nil { #expect(values.sorted() == Array(0..<(fast + maxPublishers))) }
        // Nobody else finishes the gates: a cancelled round must not leave a member waiting.
        rendezvous.release()
      }
      #expect(quiet)
    }
  }

  @Test func immediateInnersUnderRandomCancellation() async {
    for _ in 0..<(30 * StressScale.factor) {
      let count = Int.random(in: 0...2_000)
      let cancelAfter = Bool.random() ? Int.random(in: 0...count) : nil
      let failing = Bool.random()
      let quiet = await inQuietCensusScope {
        // Just inners joining a failing outer: `SetFailureType<Map<Just>>`, run by the puller itself.
        let flat = (0..<count).publisher.setFailureType(to: InjectedFailure.self)
          .flatMap(maxPublishers: Int.random(in: 1...8)) { Just($0).map { $0 } }
        let (values, _) = await consume(flat, cancelAfter: cancelAfter)
        // In order and without a gap, up to the end or the cancellation.
        #expect(values == Array(0..<values.count))
        if cancelAfter == nil { #expect(values.count == count) }
        if failing {
          let failed = (0..<count).publisher.setFailureType(to: InjectedFailure.self)
            .flatMap(maxPublishers: Int.random(in: 1...8)) { _ in Fail<Int, InjectedFailure>(error: InjectedFailure()) }
          let (none, failure) = await consume(failed, cancelAfter: nil)
          #expect(none.isEmpty && (failure != nil) == (count > 0))
        }
      }
      #expect(quiet)
    }
  }
}

/// Inner publishers that each deliver their value only once all of them are subscribed.
private final class StressRendezvous: Sendable {
  private let arrived = Lock(0)
  private let gates: [(stream: AsyncStream<Int>, continuation: AsyncStream<Int>.Continuation)]

  init(parties: Int) {
    gates = (0..<parties).map { _ in AsyncStream.makeStream(of: Int.self) }
  }

  func member(_ index: Int) -> some Publisher<Int, Never> {
    gates[index].stream.publisher.handleEvents(receiveSubscription: { [self] in
      let count = arrived.withLock { count in
        count += 1
        return count
      }
      if count == gates.count { release() }
    })
  }

  func release() {
    for (value, gate) in gates.enumerated() {
      gate.continuation.yield(value)
      gate.continuation.finish()
    }
  }

}
