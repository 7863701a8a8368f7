import Signal
import Testing

@Suite struct FirstTests {
  @Test func publishesTheFirstValueThenFinishes() async {
    #expect(await record([7, 8, 9].publisher.first()) == Recording(values: [7], completion: .finished))
  }

  @Test func firstWherePublishesTheFirstMatch() async {
    #expect(await record([1, 4, 6].publisher.first { $0 > 3 }) == Recording(values: [4], completion: .finished))
  }

  @Test func doesNotPullAfterTheMatch() async {
    let pulled = Counter()
    let source = (1...).publisher.map { value in
      pulled.increment()
      return value
    }
    #expect(await source.first { $0 == 3 }.allValues() == [3])
    #expect(pulled.value == 3)
    #expect(await source.first().allValues() == [1])
    #expect(pulled.value == 4)
  }

  @Test func emptyOrUnmatchedUpstreamFinishesEmpty() async {
    #expect(await record([Int]().publisher.first()) == Recording(values: [], completion: .finished))
    #expect(await [1, 2].publisher.first { $0 > 5 }.allValues().isEmpty)
  }

  @Test func failureBeforeAMatchIsPassedOn() async {
    let recording = await record(failing(after: [1, 2]).first { $0 > 2 })
    #expect(recording == Recording(values: [], completion: .failure(.boom)))
  }

  @Test func firstWhereIsSignalsPublisherWhereOneIsNeeded() async {
    let first: some Publisher<Int, Never> = [1, 2].publisher.first { $0 == 2 }
    #expect(type(of: first) == Publishers.First<SequencePublisher<[Int]>>.self)
    #expect(await [1, 2].publisher.first { $0 == 2 }.allValues() == [2])
  }
}
