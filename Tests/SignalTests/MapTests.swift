import Signal
import Testing

@Suite struct MapTests {
  @Test func transformsEveryValue() async {
    let recording = await record([1, 2, 3].publisher.map { "#\($0)" })
    #expect(recording == Recording(values: ["#1", "#2", "#3"], completion: .finished))
  }

  @Test func emptyUpstream() async {
    #expect(await record(Empty<Int, TestError>().map { $0 + 1 }) == Recording(values: [], completion: .finished))
  }

  @Test func failureBeforeTheFirstValue() async {
    let recording = await record(Fail<Int, TestError>(error: .other).map { $0 + 1 })
    #expect(recording == Recording(values: [], completion: .failure(.other)))
  }

  @Test func failureMidStreamIsPassedOn() async {
    let recording = await record(failing(after: [1, 2]).map { $0 * 10 })
    #expect(recording == Recording(values: [10, 20], completion: .failure(.boom)))
  }

  @Test func cancellationEndsTheStream() async {
    let outputs = await outputsUntilCancelled(feeding: [1, 2], valuesBeforeCancel: 2) { $0.map { $0 * 3 } }
    #expect(outputs == [3, 6])
  }

  @Test @MainActor func iteratesOnTheMainActor() async {
    var labels: [String] = []
    for await label in [1, 2].publisher.map({ "#\($0)" }) {
      MainActor.assertIsolated()
      labels.append(label)
    }
    #expect(labels == ["#1", "#2"])
  }
}
