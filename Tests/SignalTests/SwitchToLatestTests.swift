import Signal
import Testing

@Suite struct SwitchToLatestTests {
  typealias Inner = Publishers.AsyncSequencePublisher<AsyncStream<Int>>

  @Test func deliversOnlyTheLatestInnerPublisher() async {
    let outer = ManualSource(Inner.self)
    let first = ManualSource(Int.self)
    let second = ManualSource(Int.self)
    var iterator = outer.publisher.switchToLatest().makeAsyncIterator()
    outer.send(first.publisher)
    first.send(1)
    #expect(await iterator.next() == 1)
    outer.send(second.publisher)
    second.send(10)
    // Receiving 10 proves the switch happened: the first inner publisher is gone.
    #expect(await iterator.next() == 10)
    first.send(2)
    second.send(11)
    #expect(await iterator.next() == 11)
    outer.finish()
    second.finish()
    #expect(await iterator.next() == nil)
  }

  @Test func aNewInnerPublisherCancelsThePreviousOne() async {
    let probe = CancelCounter()
    let outer = ManualSource(Inner.self)
    let first = ManualSource(Int.self)
    let second = ManualSource(Int.self)
    var iterator = outer.publisher.map { probe.watch($0) }.switchToLatest().makeAsyncIterator()
    outer.send(first.publisher)
    first.send(1)
    #expect(await iterator.next() == 1)
    #expect(probe.cancellations == 0)
    outer.send(second.publisher)
    await probe.waitForCancellations(1)
    second.send(2)
    #expect(await iterator.next() == 2)
    #expect(probe.cancellations == 1)
  }

  @Test func finishesWhenTheOuterAndTheCurrentInnerHaveFinished() async {
    let outer = ManualSource(Inner.self)
    let inner = ManualSource(Int.self)
    var iterator = outer.publisher.switchToLatest().makeAsyncIterator()
    outer.send(inner.publisher)
    outer.finish()
    inner.send(1)
    #expect(await iterator.next() == 1)
    inner.send(2)
    #expect(await iterator.next() == 2)
    inner.finish()
    #expect(await iterator.next() == nil)
  }

  @Test func aFinishedInnerDoesNotFinishTheStreamWhileTheOuterIsOpen() async {
    let outer = ManualSource(Inner.self)
    let first = ManualSource(Int.self)
    let second = ManualSource(Int.self)
    var iterator = outer.publisher.switchToLatest().makeAsyncIterator()
    outer.send(first.publisher)
    first.send(1)
    first.finish()
    #expect(await iterator.next() == 1)
    outer.send(second.publisher)
    second.send(2)
    #expect(await iterator.next() == 2)
    second.finish()
    outer.finish()
    #expect(await iterator.next() == nil)
  }

  @Test func anEmptyOuterFinishesAtOnce() async {
    #expect(await Empty<Just<Int>, Never>().switchToLatest().allValues().isEmpty)
  }

  @Test func aFailingInnerFailsTheStreamAndCancelsTheOuter() async throws {
    let probe = CancelCounter()
    let outer = ManualSource(Int.self)
    let inner = ManualSource(Int.self)
    let switched = probe.watch(outer.publisher.setFailureType(to: (any Error).self)).flatMapLatest { _ in
      inner.failingOnNegative
    }
    var iterator = switched.makeAsyncIterator()
    outer.send(0)
    inner.send(1)
    #expect(try await iterator.next() == 1)
    inner.send(-1)
    await #expect(throws: TestError.boom) { try await iterator.next() }
    await probe.waitForCancellations(1)
    #expect(probe.cancellations == 1)
  }

  @Test func aFailingOuterFailsTheStream() async {
    let recording = await record(Fail<Fail<Int, TestError>, TestError>(error: .boom).switchToLatest())
    #expect(recording.values.isEmpty)
    #expect(recording.completion == .failure(.boom))
  }

  @Test func cancellingTheConsumerCancelsTheOuterAndTheInner() async {
    let probe = CancelCounter()
    let outer = ManualSource(Int.self)
    let inner = ManualSource(Int.self)
    let switched = probe.watch(outer.publisher).flatMapLatest { _ in probe.watch(inner.publisher) }
    let (received, signal) = AsyncStream.makeStream(of: Void.self)
    let consumer = Task {
      var values: [Int] = []
      for await value in switched {
        values.append(value)
        signal.yield()
      }
      return values
    }
    outer.send(0)
    inner.send(4)
    var signals = received.makeAsyncIterator()
    await signals.next()
    consumer.cancel()
    #expect(await consumer.value == [4])
    await probe.waitForCancellations(2)
    #expect(probe.cancellations == 2)
  }

  @Test func flatMapLatestEndsWithTheLastInnerPublishersValues() async {
    let values = await (0..<200).publisher.flatMapLatest { n in [n, n].publisher }.allValues()
    #expect(values.suffix(2) == [199, 199])
    #expect(values == values.sorted())
  }
}
