import Signal
import Testing

@Suite struct ReplaceNilTests {
  @Test func replacesEachNil() async {
    #expect(await [1, nil, 3, nil].publisher.replaceNil(with: 0).allValues() == [1, 0, 3, 0])
  }

  @Test func passesTheFailureOn() async {
    let recording = await record(failing(after: [1]).map { Optional($0) }.replaceNil(with: 0))
    #expect(recording == Recording(values: [1], completion: .failure(.boom)))
  }
}
