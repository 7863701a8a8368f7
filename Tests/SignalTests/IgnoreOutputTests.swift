import Signal
import Testing

@Suite struct IgnoreOutputTests {
  @Test func publishesOnlyTheCompletion() async {
    let pulled = Counter()
    let source = [1, 2, 3].publisher.map { value in
      pulled.increment()
      return value
    }
    #expect(await record(source.ignoreOutput()).completion == .finished)
    #expect(pulled.value == 3)
  }

  @Test func passesTheFailureOn() async {
    let recording = await record(failing(after: [1, 2]).ignoreOutput())
    #expect(recording.values.isEmpty)
    #expect(recording.completion == .failure(.boom))
  }
}
