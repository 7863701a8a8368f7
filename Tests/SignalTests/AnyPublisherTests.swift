import Testing

@testable import Signal

@Suite struct AnyPublisherTests {
  @Test func publishesTheWrappedValuesAndFailure() async {
    let erased: AnyPublisher<Int, TestError> = failing(after: [1, 2]).eraseToAnyPublisher()
    #expect(await record(erased) == Recording(values: [1, 2], completion: .failure(.boom)))
  }

  @Test func isItselfAPublisherThatOperatorsAccept() async {
    let erased = [1, 2, 3].publisher.eraseToAnyPublisher()
    #expect(await erased.map { $0 * 2 }.filter { $0 > 2 }.allValues() == [4, 6])
  }

  @Test func erasingTwiceDoesNotNest() {
    let erased = [1].publisher.eraseToAnyPublisher()
    let again = AnyPublisher(erased)
    #expect(type(of: again.base) == SequencePublisher<[Int]>.self)
  }

  @Test func everySubscriptionIsFresh() async {
    let builds = Counter()
    let erased = Deferred { Just(builds.increment()) }.eraseToAnyPublisher()
    #expect(await erased.allValues() == [1])
    #expect(await erased.allValues() == [2])
  }

  @Test func isSendable() async {
    let erased = [1, 2].publisher.eraseToAnyPublisher()
    let values = await Task.detached { await erased.allValues() }.value
    #expect(values == [1, 2])
  }

  @Test @MainActor func iteratesOnTheMainActor() async {
    var seen: [Int] = []
    for await value in [3, 4].publisher.eraseToAnyPublisher() {
      MainActor.assertIsolated()
      seen.append(value)
    }
    #expect(seen == [3, 4])
  }
}
