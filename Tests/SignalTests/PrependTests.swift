import Signal
import Testing

@Suite struct PrependTests {
  @Test func valuesComeFirst() async {
    #expect(await [3, 4].publisher.prepend(1, 2).allValues() == [1, 2, 3, 4])
    #expect(await Just(3).prepend().allValues() == [3])
  }

  @Test func aSequenceComesFirst() async {
    #expect(await Just(3).prepend([1, 2]).allValues() == [1, 2, 3])
    #expect(await Just(3).prepend(1...2).allValues() == [1, 2, 3])
  }

  @Test func aPublishersValuesComeFirst() async {
    #expect(await Just(3).prepend([1, 2].publisher).allValues() == [1, 2, 3])
  }

  @Test func theUpstreamIsSubscribedOnlyAfterThePrependedValues() async throws {
    let upstream = FlakyPublisher(values: [3], failingSubscriptions: 1)
    var iterator = upstream.prepend(1, 2).makeAsyncIterator()
    #expect(try await iterator.next() == 1)
    #expect(try await iterator.next() == 2)
    #expect(upstream.subscriptions.value == 0)
    #expect(try await iterator.next() == 3)
    #expect(upstream.subscriptions.value == 1)
    await #expect(throws: TestError.boom) { try await iterator.next() }
  }

  @Test func aFailingPrependedPublisherFailsBeforeTheUpstreamIsSubscribed() async {
    let upstream = FlakyPublisher(values: [3], failingSubscriptions: 0)
    let recording = await record(upstream.prepend(failing(after: [1], with: .other)))
    #expect(recording == Recording(values: [1], completion: .failure(.other)))
    #expect(upstream.subscriptions.value == 0)
  }

  @Test func prependsStackOutsideIn() async {
    #expect(await Just(3).prepend(2).prepend(1).allValues() == [1, 2, 3])
  }
}
