import Signal
import Testing

@Suite struct FilterTests {
  @Test func keepsMatchingValues() async {
    let recording = await record((1...6).publisher.filter { $0.isMultiple(of: 2) })
    #expect(recording == Recording(values: [2, 4, 6], completion: .finished))
  }

  @Test func emptyUpstream() async {
    #expect(await record([Int]().publisher.filter { _ in true }) == Recording(values: [], completion: .finished))
  }

  @Test func failureMidStreamIsPassedOn() async {
    let recording = await record(failing(after: [1, 2, 3]).filter { $0 != 2 })
    #expect(recording == Recording(values: [1, 3], completion: .failure(.boom)))
  }

  @Test func cancellationWhileSkippingEndsTheStream() async {
    // The consumer is cancelled while filter is waiting for a match that never comes.
    let outputs = await outputsUntilCancelled(feeding: [1, 3, 5], valuesBeforeCancel: 1) {
      $0.filter { $0 == 1 }
    }
    #expect(outputs == [1])
  }
}
