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
}
