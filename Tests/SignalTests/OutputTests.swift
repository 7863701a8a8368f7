import Signal
import Testing

@Suite struct OutputTests {
  @Test func outputAtPublishesOneValueAndFinishesWithoutPullingMore() async {
    let pulled = Counter()
    let source = (0...).publisher.map { value in
      pulled.increment()
      return value
    }
    #expect(await record(source.output(at: 2)) == Recording(values: [2], completion: .finished))
    #expect(pulled.value == 3)
  }

  @Test func outputInPublishesTheRange() async {
    #expect(await (10...).publisher.output(in: 2..<4).allValues() == [12, 13])
    #expect(await (10...20).publisher.output(in: 8...).allValues() == [18, 19, 20])
    #expect(await (10...20).publisher.output(in: ...1).allValues() == [10, 11])
  }

  @Test func anUpstreamShorterThanTheIndexFinishesEmpty() async {
    #expect(await record([1].publisher.output(at: 3)) == Recording(values: [], completion: .finished))
  }

  @Test func aFailureBeforeTheIndexFails() async {
    #expect(await record(failing(after: [1]).output(at: 3)) == Recording(values: [], completion: .failure(.boom)))
  }

  @Test func aFailureAfterTheRangeIsNeverSeen() async {
    #expect(await record(failing(after: [1, 2]).output(at: 1)) == Recording(values: [2], completion: .finished))
  }

  @Test func negativeOrEmptyRangesPublishNothingAndPullNothing() async {
    let pulled = Counter()
    let source = [1, 2].publisher.map { value in
      pulled.increment()
      return value
    }
    #expect(await source.output(at: -1).allValues().isEmpty)
    #expect(await source.output(in: 3..<3).allValues().isEmpty)
    #expect(await source.output(in: -5 ..< -2).allValues().isEmpty)
    #expect(await [1, 2].publisher.output(at: .max).allValues().isEmpty)
    #expect(pulled.value == 0)
  }
}
