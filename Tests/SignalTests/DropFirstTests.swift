import Signal
import Testing

@Suite struct DropFirstTests {
  @Test func skipsOneByDefault() async {
    #expect(await record([1, 2, 3].publisher.dropFirst()) == Recording(values: [2, 3], completion: .finished))
  }

  @Test func skipsTheGivenCount() async {
    #expect(await [1, 2, 3, 4].publisher.dropFirst(2).allValues() == [3, 4])
  }

  @Test func countBeyondTheUpstreamFinishesEmpty() async {
    #expect(await record([1, 2].publisher.dropFirst(5)) == Recording(values: [], completion: .finished))
  }

  @Test func zeroAndNegativeCountsSkipNothing() async {
    #expect(await [1, 2].publisher.dropFirst(0).allValues() == [1, 2])
    #expect(await [1, 2].publisher.dropFirst(-1).allValues() == [1, 2])
  }

  @Test func failureWhileSkippingIsPassedOn() async {
    let recording = await record(failing(after: [1]).dropFirst(3))
    #expect(recording == Recording(values: [], completion: .failure(.boom)))
  }
}
