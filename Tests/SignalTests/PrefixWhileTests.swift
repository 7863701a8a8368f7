import Signal
import Testing

@Suite struct PrefixWhileTests {
  @Test func finishesAtTheFirstValueThatFailsWithoutPullingMore() async {
    let pulled = Counter()
    let source = (1...).publisher.map { value in
      pulled.increment()
      return value
    }
    #expect(await record(source.prefix(while: { $0 < 3 })) == Recording(values: [1, 2], completion: .finished))
    #expect(pulled.value == 3)
  }

  @Test func anUpstreamThatEndsFirstEndsTheStream() async {
    #expect(await [1, 2].publisher.prefix(while: { _ in true }).allValues() == [1, 2])
    #expect(
      await record(failing(after: [1]).prefix(while: { _ in true }))
        == Recording(values: [1], completion: .failure(.boom)))
  }

  @Test func aFailureAfterTheFailingValueIsNeverSeen() async {
    #expect(
      await record(failing(after: [1, 5]).prefix(while: { $0 < 3 })) == Recording(values: [1], completion: .finished))
  }
}
