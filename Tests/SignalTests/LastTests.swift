import Signal
import Testing

@Suite struct LastTests {
  @Test func publishesTheLastValueWhenTheUpstreamFinishes() async {
    #expect(await record([7, 8, 9].publisher.last()) == Recording(values: [9], completion: .finished))
  }

  @Test func lastWherePublishesTheLastMatch() async {
    #expect(await [1, 4, 6, 7].publisher.last(where: { $0.isMultiple(of: 2) }).allValues() == [6])
    #expect(await [1, 3].publisher.last(where: { $0.isMultiple(of: 2) }).allValues().isEmpty)
  }

  @Test func anEmptyUpstreamPublishesNothing() async {
    #expect(await record(Empty<Int, TestError>().last()) == Recording(values: [], completion: .finished))
  }

  @Test func aFailureAfterValuesPublishesNoneOfThem() async {
    #expect(await record(failing(after: [1, 2]).last()) == Recording(values: [], completion: .failure(.boom)))
  }
}
