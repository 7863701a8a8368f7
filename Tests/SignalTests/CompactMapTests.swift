import Signal
import Testing

@Suite struct CompactMapTests {
  @Test func dropsNilResults() async {
    let recording = await record(["1", "x", "3", ""].publisher.compactMap { Int($0) })
    #expect(recording == Recording(values: [1, 3], completion: .finished))
  }

  @Test func allNilFinishesEmpty() async {
    #expect(await record([1, 2].publisher.compactMap { _ -> Int? in nil }).values.isEmpty)
  }

  @Test func failureAfterSkippedValuesIsPassedOn() async {
    let recording = await record(failing(after: [1, 2, 3]).compactMap { $0 == 2 ? $0 : nil })
    #expect(recording == Recording(values: [2], completion: .failure(.boom)))
  }

  @Test func cancellationEndsTheStream() async {
    let outputs = await outputsUntilCancelled(feeding: [1, 2, 3], valuesBeforeCancel: 1) {
      $0.compactMap { $0 == 1 ? "one" : nil }
    }
    #expect(outputs == ["one"])
  }
}
