import Signal
import Testing

@Suite struct CountTests {
  @Test func publishesHowManyValuesWhenTheUpstreamFinishes() async {
    #expect(await record([3, 1, 4].publisher.count()) == Recording(values: [3], completion: .finished))
  }

  @Test func anEmptyUpstreamCountsZero() async {
    #expect(await Empty<Int, Never>().count().allValues() == [0])
  }

  @Test func aFailurePublishesNoCount() async {
    #expect(await record(failing(after: [1, 2]).count()) == Recording(values: [], completion: .failure(.boom)))
  }

  @Test func cancellationPublishesNoPartialCount() async {
    let count = await outputsUntilCancelled(feeding: [1, 2, 3], valuesBeforeCancel: 0) { $0.count() }
    #expect(count.isEmpty)
  }
}
