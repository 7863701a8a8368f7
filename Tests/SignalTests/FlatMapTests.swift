import Signal
import Synchronization
import Testing

/// Counts the inner subscriptions alive at once and remembers the peak.
private final class ConcurrencyGauge: Sendable {
  private let current = Atomic<Int>(0)
  private let highest = Atomic<Int>(0)

  func watch<P: Publisher>(_ publisher: P) -> some Publisher<P.Output, P.Failure> {
    publisher.handleEvents(
      receiveSubscription: { [self] in
        let now = current.add(1, ordering: .relaxed).newValue
        highest.max(now, ordering: .relaxed)
      },
      receiveCompletion: { [self] _ in current.subtract(1, ordering: .relaxed) },
      receiveCancel: { [self] in current.subtract(1, ordering: .relaxed) }
    )
  }

  var peak: Int { highest.load(ordering: .relaxed) }
}

/// Inner publishers that each deliver their value only once all of them are subscribed, so
/// they finish only if flatMap runs them all at the same time.
private final class Rendezvous: Sendable {
  private let arrived = Atomic<Int>(0)
  private let gates: [ManualSource<Int>]

  init(parties: Int) {
    gates = (0..<parties).map { _ in ManualSource(Int.self) }
  }

  func member(_ index: Int) -> some Publisher<Int, Never> {
    gates[index].publisher.handleEvents(receiveSubscription: { [self] in
      guard arrived.add(1, ordering: .acquiringAndReleasing).newValue == gates.count else { return }
      for (value, gate) in gates.enumerated() {
        gate.send(value)
        gate.finish()
      }
    })
  }
}

@Suite struct FlatMapTests {
  @Test func anUnlimitedMaximumIsCappedInsteadOfAllocatingForIt() async {
    let publisher = (0..<100).publisher.flatMap(maxPublishers: .max) { Just($0) }
    #expect(publisher.maxPublishers == Publishers.FlatMapDefaults.ceiling)
    #expect(await publisher.allValues().sorted() == Array(0..<100))
  }

  @Test func deliversEveryInnerValue() async {
    let values = await [1, 2, 3].publisher.flatMap { n in [n * 10, n * 10 + 1].publisher }.allValues()
    #expect(values.sorted() == [10, 11, 20, 21, 30, 31])
  }

  @Test func keepsTheOrderOfEachInnerPublisher() async {
    let values = await (0..<50).publisher.flatMap(maxPublishers: 8) { n in
      (0..<100).publisher.map { n * 1000 + $0 }
    }.allValues()
    #expect(values.count == 5000)
    for n in 0..<50 {
      #expect(values.filter { $0 / 1000 == n } == (0..<100).map { n * 1000 + $0 })
    }
  }

  @Test func interleavesInnerValuesAsTheyArrive() async {
    let first = ManualSource(Int.self)
    let second = ManualSource(Int.self)
    let inners = [first, second]
    var iterator = [0, 1].publisher.flatMap { inners[$0].publisher }.makeAsyncIterator()
    first.send(1)
    #expect(await iterator.next() == 1)
    second.send(2)
    #expect(await iterator.next() == 2)
    first.send(3)
    #expect(await iterator.next() == 3)
    first.finish()
    second.finish()
    #expect(await iterator.next() == nil)
  }

  @Test func finishesOnlyWhenTheOuterAndEveryInnerHaveFinished() async {
    let outer = ManualSource(Int.self)
    let inner = ManualSource(Int.self)
    var iterator = outer.publisher.flatMap { _ in inner.publisher }.makeAsyncIterator()
    outer.send(0)
    inner.send(7)
    #expect(await iterator.next() == 7)
    outer.finish()
    inner.send(8)
    #expect(await iterator.next() == 8)
    inner.finish()
    #expect(await iterator.next() == nil)
  }

  @Test func anEmptyOuterFinishesAtOnce() async {
    #expect(await Empty<Int, Never>().flatMap { Just($0) }.allValues().isEmpty)
  }

  @Test func emptyInnersFinish() async {
    #expect(await (0..<100).publisher.flatMap { _ in Empty<Int, Never>() }.allValues().isEmpty)
  }

  @Test func neverRunsMoreThanMaxPublishersInnersAtOnce() async {
    let gauge = ConcurrencyGauge()
    let gates = (0..<10).map { _ in ManualSource(Int.self) }
    var iterator = (0..<10).publisher.flatMap(maxPublishers: 3) { gauge.watch(gates[$0].publisher) }
      .makeAsyncIterator()
    for gate in gates { gate.send(1) }
    var received = 0
    // Inners finish one at a time, each only after its value was received.
    for _ in 0..<10 {
      guard await iterator.next() != nil else { break }
      received += 1
      #expect(gauge.peak <= 3)
      for gate in gates { gate.finish() }
    }
    #expect(received == 10)
    #expect(await iterator.next() == nil)
    #expect(gauge.peak <= 3)
    #expect(gauge.peak >= 1)
  }

  @Test func doesNotPullTheOuterWhileMaxPublishersInnersAreActive() async {
    let pulled = Counter()
    let outer = (0..<100).publisher.handleEvents(receiveOutput: { _ in pulled.increment() })
    let blocker = ManualSource(Int.self)
    var iterator = outer.flatMap(maxPublishers: 2) { _ in blocker.publisher }.makeAsyncIterator()
    blocker.send(1)
    #expect(await iterator.next() == 1)
    for _ in 0..<1000 { await Task.yield() }
    #expect(pulled.value == 2)
  }

  @Test func anInnerFailureFailsTheStreamAndCancelsTheOtherInners() async throws {
    let probe = CancelCounter()
    let healthy = ManualSource(Int.self)
    let faulty = ManualSource(Int.self)
    let flat = [0, 1].publisher.setFailureType(to: (any Error).self).flatMap { index -> AnyPublisher<Int, any Error> in
      index == 0
        ? probe.watch(healthy.publisher.setFailureType(to: (any Error).self)).eraseToAnyPublisher()
        : faulty.failingOnNegative.eraseToAnyPublisher()
    }
    var iterator = flat.makeAsyncIterator()
    healthy.send(1)
    #expect(try await iterator.next() == 1)
    faulty.send(-1)
    await #expect(throws: TestError.boom) { try await iterator.next() }
    await probe.waitForCancellations(1)
    #expect(probe.cancellations == 1)
  }

  @Test func anOuterFailureFailsTheStream() async {
    let recording = await record(failing(after: [1, 2]).flatMap { Just($0) })
    #expect(recording.completion == .failure(.boom))
    #expect(Set(recording.values).isSubset(of: [1, 2]))
  }

  @Test func cancellingTheConsumerCancelsEveryInner() async {
    let probe = CancelCounter()
    let inners = (0..<3).map { _ in ManualSource(Int.self) }
    let flat = (0..<3).publisher.flatMap { probe.watch(inners[$0].publisher) }
    let (received, signal) = AsyncStream.makeStream(of: Void.self)
    let consumer = Task {
      var values: [Int] = []
      for await value in flat {
        values.append(value)
        signal.yield()
      }
      return values
    }
    for inner in inners { inner.send(5) }
    var signals = received.makeAsyncIterator()
    for _ in 0..<3 { await signals.next() }
    consumer.cancel()
    #expect(await consumer.value == [5, 5, 5])
    await probe.waitForCancellations(3)
    #expect(probe.cancellations == 3)
  }

  @Test func aMaxPublishersBelowOneCountsAsOne() async {
    let flat = [1, 2, 3].publisher.flatMap(maxPublishers: 0) { Just($0) }
    #expect(flat.maxPublishers == 1)
    #expect(await flat.allValues().sorted() == [1, 2, 3])
  }

  @Test func manyInnerPublishersAllDeliver() async {
    let values = await (0..<10_000).publisher.flatMap(maxPublishers: 8) { Just($0) }.allValues()
    #expect(values.sorted() == Array(0..<10_000))
  }

  @Test func innersThatCannotFailJoinAFailingOuter() async throws {
    let values = try await [1, 2].publisher.setFailureType(to: TestError.self).flatMap { Just($0 * 2) }.allValues()
    #expect(values.sorted() == [2, 4])
  }

  @Test(.timeLimit(.minutes(1)), arguments: [1, 2, 3, 8])
  func innersThatWaitForEachOtherRunConcurrently(maxPublishers: Int) async {
    let rendezvous = Rendezvous(parties: maxPublishers)
    let values = await (0..<maxPublishers).publisher.flatMap(maxPublishers: maxPublishers) { rendezvous.member($0) }
      .allValues()
    #expect(values.sorted() == Array(0..<maxPublishers))
  }

  @Test(.timeLimit(.minutes(1)))
  func concurrencyStillGrowsAfterManyFastInners() async {
    // The fast inners run back to back; the slow ones after them must still all run at once.
    let rendezvous = Rendezvous(parties: 4)
    let flat = (0..<1004).publisher.flatMap(maxPublishers: 4) { n -> AnyPublisher<Int, Never> in
      n < 1000 ? Just(n).eraseToAnyPublisher() : rendezvous.member(n - 1000).map { $0 + 1000 }.eraseToAnyPublisher()
    }
    #expect(await flat.allValues().sorted() == Array(0..<1004))
  }

  @Test func aSlowInnerDoesNotHoldBackTheNextOnes() async {
    let slow = ManualSource(Int.self)
    var iterator = (0..<4).publisher.flatMap(maxPublishers: 2) { n -> AnyPublisher<Int, Never> in
      n == 0 ? slow.publisher.eraseToAnyPublisher() : Just(n).eraseToAnyPublisher()
    }.makeAsyncIterator()
    var received: [Int] = []
    for _ in 0..<3 { received.append(await iterator.next() ?? -1) }
    #expect(received.sorted() == [1, 2, 3])
    slow.send(0)
    slow.finish()
    #expect(await iterator.next() == 0)
    #expect(await iterator.next() == nil)
  }

  // Immediate inner publishers (Just, Empty, Fail) are run by the puller itself, without workers.

  @Test func immediateInnersKeepTheOuterOrder() async {
    let values = await (0..<5_000).publisher.flatMap(maxPublishers: 8) { Just($0) }.allValues()
    #expect(values == Array(0..<5_000))
  }

  @Test func immediateEmptyInnersFinishTheStream() async {
    let values = await (0..<100).publisher.flatMap(maxPublishers: 4) { _ in Empty<Int, Never>() }.allValues()
    #expect(values.isEmpty)
  }

  @Test func anImmediateFailingInnerFailsTheStream() async {
    let flat = (0..<10).publisher.setFailureType(to: TestError.self).flatMap(maxPublishers: 3) { _ in
      Fail<Int, TestError>(error: .boom)
    }
    let recording = await record(flat)
    #expect(recording.completion == .failure(.boom) && recording.values.isEmpty)
  }

  @Test func immediateInnersJoinAFailingOuterInOrderUntilItFails() async {
    // Just inners joining a failing outer are `SetFailureType<Just>`: immediate too.
    let recording = await record(failing(after: [1, 2, 3]).flatMap(maxPublishers: 2) { Just($0).map { $0 * 10 } })
    #expect(recording.values == [10, 20, 30])
    #expect(recording.completion == .failure(.boom))
  }

  @Test func immediateInnersWaitForASlowConsumerInsteadOfBuffering() async {
    // The outer publisher is pulled only as the consumer takes values: a bounded buffer, not 10k values.
    let pulled = Atomic<Int>(0)
    let outer = (0..<10_000).publisher.handleEvents(receiveOutput: { _ in pulled.add(1, ordering: .relaxed) })
    var iterator = outer.flatMap(maxPublishers: 8) { Just($0) }.makeAsyncIterator()
    for expected in 0..<10 { #expect(await iterator.next() == expected) }
    #expect(pulled.load(ordering: .relaxed) < 1_000)
  }

  @Test func cancellingInsideReceiveValueStopsImmediateInners() async {
    let received = Mutex<[Int]>([])
    let done = AsyncStream<Void>.makeStream()
    let token = Mutex<AnyCancellable?>(nil)
    let subscription = (0..<100_000).publisher.flatMap(maxPublishers: 8) { Just($0) }
      .handleEvents(receiveCancel: { done.continuation.finish() })
      .sink { value in
        let count = received.withLock { values in
          values.append(value)
          return values.count
        }
        if count == 3 { token.withLock { $0?.cancel() } }
      }
    token.withLock { $0 = subscription }
    for await _ in done.stream {}
    #expect(received.withLock { $0 } == [0, 1, 2])
  }
}
