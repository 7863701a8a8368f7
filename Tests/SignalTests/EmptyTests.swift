import Signal
import Testing

@Suite struct EmptyTests {
  @Test func finishesAtOnce() async {
    let recording = await record(Empty<Int, TestError>())
    #expect(recording == Recording(values: [], completion: .finished))
  }

  @Test func typedInitializer() async {
    let recording = await record(Empty(outputType: String.self, failureType: Never.self))
    #expect(recording == Recording(values: [], completion: .finished))
  }
}
