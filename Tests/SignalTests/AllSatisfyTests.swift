import Signal
import Testing

@Suite struct AllSatisfyTests {
  @Test func publishesTrueWhenEveryValuePasses() async {
    #expect(
      await record([2, 4].publisher.allSatisfy { $0.isMultiple(of: 2) })
        == Recording(values: [true], completion: .finished))
  }

  @Test func anEmptyUpstreamSatisfiesAnything() async {
    #expect(await Empty<Int, Never>().allSatisfy { _ in false }.allValues() == [true])
  }

  @Test func publishesFalseAtTheFirstFailingValueWithoutPullingMore() async {
    let pulled = Counter()
    let source = (1...).publisher.map { value in
      pulled.increment()
      return value
    }
    #expect(await source.allSatisfy { $0 < 3 }.allValues() == [false])
    #expect(pulled.value == 3)
  }

  @Test func aFailureBeforeTheVerdictFails() async {
    #expect(
      await record(failing(after: [2]).allSatisfy { $0 > 0 }) == Recording(values: [], completion: .failure(.boom)))
  }

  @Test func aFailureAfterAFailingValueIsNeverSeen() async {
    #expect(
      await record(failing(after: [-1]).allSatisfy { $0 > 0 }) == Recording(values: [false], completion: .finished))
  }
}
