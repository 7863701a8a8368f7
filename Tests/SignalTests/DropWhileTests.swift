import Signal
import Testing

@Suite struct DropWhileTests {
  @Test func dropsWhileThePredicateHoldsThenPassesEverything() async {
    let asked = Counter()
    let dropped = [1, 2, 5, 1, 7].publisher.drop { value in
      asked.increment()
      return value < 3
    }
    #expect(await dropped.allValues() == [5, 1, 7])
    // The predicate is not asked again after the first value that failed it.
    #expect(asked.value == 3)
  }

  @Test func anUpstreamThatNeverFailsThePredicatePublishesNothing() async {
    #expect(
      await record(failing(after: [1, 2]).drop(while: { _ in true }))
        == Recording(values: [], completion: .failure(.boom)))
  }
}
