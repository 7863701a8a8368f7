import Signal
import Testing

@Suite struct ReplaceErrorTests {
  @Test func replacesTheFailureWithAFinalValue() async {
    let recording = await record(failing(after: [1, 2]).replaceError(with: 0))
    #expect(recording == Recording(values: [1, 2, 0], completion: .finished))
  }

  @Test func failureBeforeTheFirstValue() async {
    let replaced: some Publisher<String, Never> = Fail<String, TestError>(error: .boom).replaceError(with: "fallback")
    #expect(await replaced.allValues() == ["fallback"])
  }

  @Test func finishingUpstreamIsLeftAlone() async {
    #expect(await FlakyPublisher(values: [1, 2], failingSubscriptions: 0).replaceError(with: 9).allValues() == [1, 2])
  }

  @Test func iteratorStaysFinishedAfterTheReplacement() async {
    var iterator = Fail<Int, TestError>(error: .boom).replaceError(with: 3).makeAsyncIterator()
    #expect(await iterator.next() == 3)
    #expect(await iterator.next() == nil)
  }
}
