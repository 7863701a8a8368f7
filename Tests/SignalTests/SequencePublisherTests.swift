import Signal
import Testing

@Suite struct SequencePublisherTests {
  @Test func publishesEveryElementThenFinishes() async {
    let recording = await record([1, 2, 3].publisher)
    #expect(recording == Recording(values: [1, 2, 3], completion: .finished))
  }

  @Test func emptySequenceFinishesAtOnce() async {
    #expect(await record([Int]().publisher) == Recording(values: [], completion: .finished))
  }

  @Test func everySubscriptionStartsOver() async {
    let publisher = (1...3).publisher
    #expect(await publisher.allValues() == [1, 2, 3])
    #expect(await publisher.allValues() == [1, 2, 3])
  }

  @Test func infiniteSequenceWorksWithPrefix() async {
    #expect(await (1...).publisher.prefix(4).allValues() == [1, 2, 3, 4])
  }

  @Test func endlessSequenceStopsWhenItsTaskIsCancelled() async {
    let (started, startedContinuation) = AsyncStream<Void>.makeStream()
    let consumer = Task {
      var count = 0
      for await _ in (1...).publisher.filter({ $0 < 0 }) { count += 1 }
      return count
    }
    // The filter never lets a value through, so the loop only ends through cancellation.
    startedContinuation.yield()
    for await _ in started { break }
    consumer.cancel()
    #expect(await consumer.value == 0)
  }

  @Test func cancelledTaskStopsWithinTheCheckInterval() async {
    let produced = await Task {
      withUnsafeCurrentTask { $0?.cancel() }
      var count = 0
      for await _ in (1...).publisher { count += 1 }
      return count
    }.value
    #expect(produced < SequencePublisher<PartialRangeFrom<Int>>.Iterator.cancellationCheckInterval)
  }
}
