import Signal
import Testing

@Suite struct ReduceTests {
  @Test func publishesTheFinalAccumulation() async {
    let recording = await record([1, 2, 3].publisher.reduce(0, +))
    #expect(recording == Recording(values: [6], completion: .finished))
  }

  @Test func isAPublisherWhereOneIsNeededAndTheValueWhenAwaitedAlone() async {
    // See TerminalNamingTests: typed, chained or iterated, `reduce` is Combine's operator...
    let reduced: some Publisher<Int, Never> = [1, 2, 3].publisher.reduce(0, +)
    #expect(type(of: reduced) == Publishers.Reduce<SequencePublisher<[Int]>, Int>.self)
    #expect(await reduced.firstValue() == 6)
    // ...and `await` on its own gets the standard library's answer.
    let total = await [1, 2, 3].publisher.reduce(0, +)
    #expect(total == 6)
  }

  @Test func emptyUpstreamPublishesTheInitialResult() async {
    #expect(await record(Empty<Int, TestError>().reduce(5, +)) == Recording(values: [5], completion: .finished))
  }

  @Test func failurePublishesNoValue() async {
    let recording = await record(failing(after: [1, 2]).reduce(0, +))
    #expect(recording == Recording(values: [], completion: .failure(.boom)))
  }

  @Test func cancellationPublishesNoPartialResult() async {
    // The consumer never sees a value, so it is cancelled while reduce is still accumulating.
    let (source, input) = AsyncStream.makeStream(of: Int.self)
    let (accumulated, accumulatedSignal) = AsyncStream.makeStream(of: Void.self)
    let reduced: some Publisher<Int, Never> = source.publisher.reduce(0) { total, value in
      accumulatedSignal.yield()
      return total + value
    }
    let consumer = Task { await reduced.allValues() }
    input.yield(1)
    var signals = accumulated.makeAsyncIterator()
    await signals.next()
    consumer.cancel()
    #expect(await consumer.value == [])
  }
}
