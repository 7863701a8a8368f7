import Signal
import Testing

@Suite struct ScanTests {
  @Test func publishesRunningTotals() async {
    let recording = await record([1, 2, 3].publisher.scan(0, +))
    #expect(recording == Recording(values: [1, 3, 6], completion: .finished))
  }

  @Test func emptyUpstreamPublishesNothing() async {
    #expect(await record([Int]().publisher.scan(10, +)).values.isEmpty)
  }

  @Test func eachSubscriptionStartsFromTheInitialResult() async {
    let scan = [1, 1].publisher.scan([Int]()) { $0 + [$1] }
    #expect(await scan.allValues() == [[1], [1, 1]])
    #expect(await scan.allValues() == [[1], [1, 1]])
  }

  @Test func failureMidStreamIsPassedOn() async {
    let recording = await record(failing(after: [2, 3]).scan(1, *))
    #expect(recording == Recording(values: [2, 6], completion: .failure(.boom)))
  }
}
