import Signal
import Testing

@Suite struct FailTests {
  @Test func failsAtOnceWithTheTypedError() async {
    let recording = await record(Fail<Int, TestError>(error: .other))
    #expect(recording == Recording(values: [], completion: .failure(.other)))
  }

  @Test func outputTypeInitializer() async {
    let recording = await record(Fail(outputType: String.self, failure: TestError.boom))
    #expect(recording == Recording(values: [], completion: .failure(.boom)))
  }

  @Test func iteratorReturnsNilAfterFailing() async throws {
    var iterator = Fail<Int, TestError>(error: .boom).makeAsyncIterator()
    await #expect(throws: TestError.boom) { try await iterator.next() }
    #expect(try await iterator.next() == nil)
  }
}
