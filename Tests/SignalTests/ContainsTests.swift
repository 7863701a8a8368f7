import Signal
import Testing

@Suite struct ContainsTests {
  @Test func publishesTrueAtTheFirstMatchWithoutPullingMore() async {
    let pulled = Counter()
    let source = (1...).publisher.map { value in
      pulled.increment()
      return value
    }
    #expect(await record(source.contains(3)) == Recording(values: [true], completion: .finished))
    #expect(pulled.value == 3)
  }

  @Test func publishesFalseWhenTheUpstreamFinishesWithoutAMatch() async {
    #expect(await [1, 2].publisher.contains(5).allValues() == [false])
    #expect(await Empty<Int, Never>().contains(where: { _ in true }).allValues() == [false])
  }

  @Test func containsWhereUsesThePredicate() async {
    #expect(await [1, 3, 4].publisher.contains(where: { $0.isMultiple(of: 2) }).allValues() == [true])
  }

  @Test func aFailureBeforeAMatchFails() async {
    #expect(await record(failing(after: [1]).contains(2)) == Recording(values: [], completion: .failure(.boom)))
  }

  @Test func aFailureAfterTheMatchIsNeverSeen() async {
    #expect(await record(failing(after: [1, 2]).contains(1)) == Recording(values: [true], completion: .finished))
  }
}
