import Signal
import Testing

@Suite struct ReplaceEmptyTests {
  @Test func anEmptyUpstreamPublishesTheReplacement() async {
    #expect(
      await record(Empty<Int, TestError>().replaceEmpty(with: 9)) == Recording(values: [9], completion: .finished))
  }

  @Test func valuesPassUnchangedAndNoReplacementFollows() async {
    #expect(await [1, 2].publisher.replaceEmpty(with: 9).allValues() == [1, 2])
  }

  @Test func aFailureIsNotEmpty() async {
    #expect(
      await record(failing(after: []).replaceEmpty(with: 9)) == Recording(values: [], completion: .failure(.boom)))
  }
}
