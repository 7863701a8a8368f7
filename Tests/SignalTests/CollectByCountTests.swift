import Signal
import Testing

@Suite struct CollectByCountTests {
  @Test func emitsFullBatchesThenTheRest() async {
    #expect(await [1, 2, 3, 4, 5].publisher.collect(2).allValues() == [[1, 2], [3, 4], [5]])
    #expect(await [1, 2, 3, 4].publisher.collect(2).allValues() == [[1, 2], [3, 4]])
    #expect(await [Int]().publisher.collect(3).allValues() == [])
  }

  @Test func aCountBelowOneCountsAsOne() async {
    #expect(await [1, 2].publisher.collect(0).allValues() == [[1], [2]])
    #expect([1].publisher.collect(-4).count == 1)
  }

  @Test func aFailureDiscardsThePartialBatch() async {
    let recording = await record(failing(after: [1, 2, 3]).collect(2))
    #expect(recording == Recording(values: [[1, 2]], completion: .failure(.boom)))
  }

  @Test func aBatchIsReadyWithItsLastValue() async {
    // No clock and no task: the source is read in the consumer's own next().
    let (stream, input) = AsyncStream.makeStream(of: Int.self)
    let batch = Task { await stream.publisher.collect(2).firstValue() }
    input.yield(1)
    input.yield(2)
    #expect(await batch.value == [1, 2])
    input.finish()
  }

  @Test func cancellingTheTaskEndsWithoutThePartialBatch() async {
    let outputs = await outputsUntilCancelled(feeding: [1, 2, 3], valuesBeforeCancel: 1) { $0.collect(2) }
    #expect(outputs == [[1, 2]])
  }
}
