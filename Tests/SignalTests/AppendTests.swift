import Signal
import Testing

@Suite struct AppendTests {
  @Test func valuesComeLast() async {
    #expect(await [1, 2].publisher.append(3, 4).allValues() == [1, 2, 3, 4])
    #expect(await Just(1).append().allValues() == [1])
  }

  @Test func aSequenceComesLast() async {
    #expect(await Just(1).append([2, 3]).allValues() == [1, 2, 3])
    #expect(await Just(1).append(2...3).allValues() == [1, 2, 3])
  }

  @Test func aPublishersValuesComeLast() async {
    #expect(await Just(1).append([2, 3].publisher).allValues() == [1, 2, 3])
  }

  @Test func theAppendedPublisherIsSubscribedOnlyAfterTheUpstreamFinishes() async throws {
    let appended = FlakyPublisher(values: [2], failingSubscriptions: 0)
    var iterator = Just(1).setFailureType(to: TestError.self).append(appended).makeAsyncIterator()
    #expect(try await iterator.next() == 1)
    #expect(appended.subscriptions.value == 0)
    #expect(try await iterator.next() == 2)
    #expect(appended.subscriptions.value == 1)
    #expect(try await iterator.next() == nil)
  }

  @Test func aFailingUpstreamFailsWithoutTheAppendedValues() async {
    let appended = FlakyPublisher(values: [9], failingSubscriptions: 0)
    #expect(await record(failing(after: [1]).append(8)) == Recording(values: [1], completion: .failure(.boom)))
    #expect(await record(failing(after: [1]).append(appended)) == Recording(values: [1], completion: .failure(.boom)))
    #expect(appended.subscriptions.value == 0)
  }

  @Test func aFailingAppendedPublisherFailsAfterTheUpstream() async {
    let recording = await record(Just(1).setFailureType(to: TestError.self).append(failing(after: [2], with: .other)))
    #expect(recording == Recording(values: [1, 2], completion: .failure(.other)))
  }

  @Test func appendsStackInOrder() async {
    #expect(await Just(1).append(2).append(3).allValues() == [1, 2, 3])
  }
}
