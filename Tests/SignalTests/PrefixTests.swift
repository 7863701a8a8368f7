import Signal
import Testing

@Suite struct PrefixTests {
  @Test func publishesTheFirstValues() async {
    let recording = await record((1...10).publisher.prefix(3))
    #expect(recording == Recording(values: [1, 2, 3], completion: .finished))
  }

  @Test func doesNotPullMoreThanItPublishes() async {
    let pulled = Counter()
    let source = (1...).publisher.map { value in
      pulled.increment()
      return value
    }
    #expect(await source.prefix(2).allValues() == [1, 2])
    #expect(pulled.value == 2)
  }

  @Test func prefixZeroFinishesWithoutSubscribingToValues() async {
    let pulled = Counter()
    let source = [1, 2].publisher.map { value in
      pulled.increment()
      return value
    }
    #expect(await record(source.prefix(0)) == Recording(values: [], completion: .finished))
    #expect(pulled.value == 0)
  }

  @Test func negativeLengthCountsAsZero() async {
    #expect(await [1, 2].publisher.prefix(-5).allValues().isEmpty)
  }

  @Test func shorterUpstreamFinishesEarly() async {
    #expect(await [1].publisher.prefix(5).allValues() == [1])
  }

  @Test func failureBeforeTheLimitIsPassedOn() async {
    let recording = await record(failing(after: [1]).prefix(3))
    #expect(recording == Recording(values: [1], completion: .failure(.boom)))
  }

  @Test func failureAfterTheLimitIsNeverSeen() async {
    let recording = await record(failing(after: [1, 2]).prefix(2))
    #expect(recording == Recording(values: [1, 2], completion: .finished))
  }
}
