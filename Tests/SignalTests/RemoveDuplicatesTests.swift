import Signal
import Testing

@Suite struct RemoveDuplicatesTests {
  @Test func skipsConsecutiveEqualValues() async {
    let recording = await record([1, 1, 2, 2, 2, 1, 3, 3].publisher.removeDuplicates())
    #expect(recording == Recording(values: [1, 2, 1, 3], completion: .finished))
  }

  @Test func comparesWithTheLastPublishedValue() async {
    // 1, 2 and 3 are all "close" to 1, the last published value, until 4 arrives.
    let recording = await record([1, 2, 3, 4, 5].publisher.removeDuplicates { abs($0 - $1) < 3 })
    #expect(recording.values == [1, 4])
  }

  @Test func emptyUpstream() async {
    #expect(await record([String]().publisher.removeDuplicates()) == Recording(values: [], completion: .finished))
  }

  @Test func failureMidStreamIsPassedOn() async {
    let recording = await record(failing(after: [7, 7, 8]).removeDuplicates())
    #expect(recording == Recording(values: [7, 8], completion: .failure(.boom)))
  }
}
