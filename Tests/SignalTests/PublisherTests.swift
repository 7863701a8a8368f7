import Signal
import Testing

/// A publisher is an `AsyncSequence`: the standard library's algorithms and `for await` work on it,
/// while Signal's operators take precedence where both exist.
@Suite struct PublisherTests {
  @Test func forAwaitOverAnOperatorChain() async {
    var seen: [Int] = []
    for await value in [1, 2, 3].publisher.map({ $0 + 1 }) {
      seen.append(value)
    }
    #expect(seen == [2, 3, 4])
  }

  @Test func standardLibraryContainsWorksOnAPublisher() async {
    #expect(await [1, 2, 3].publisher.contains(2))
    #expect(await [1, 2, 3].publisher.map { $0 * 10 }.contains(5) == false)
  }

  @Test func standardLibraryReduceIntoStillWorks() async {
    // `reduce(into:)` has no Signal overload, so the standard library's applies.
    let total = await [1, 2, 3].publisher.reduce(into: 0) { $0 += $1 }
    #expect(total == 6)
  }

  @Test func signalOperatorsReturnPublishers() async {
    let publisher = [1, 2, 3].publisher
    #expect(type(of: publisher.map { $0 }) == Publishers.Map<SequencePublisher<[Int]>, Int>.self)
    #expect(type(of: publisher.filter { _ in true }) == Publishers.Filter<SequencePublisher<[Int]>>.self)
    #expect(type(of: publisher.compactMap { $0 }) == Publishers.CompactMap<SequencePublisher<[Int]>, Int>.self)
    #expect(type(of: publisher.prefix(1)) == Publishers.Prefix<SequencePublisher<[Int]>>.self)
    #expect(type(of: publisher.dropFirst()) == Publishers.DropFirst<SequencePublisher<[Int]>>.self)
    let reduce: Publishers.Reduce<SequencePublisher<[Int]>, Int> = publisher.reduce(0, +)
    #expect(await reduce.allValues() == [6])
  }

  @Test func standardLibraryPrefixWhileWorksOnAPublisher() async {
    var seen: [Int] = []
    for await value in [1, 2, 3, 1].publisher.map({ $0 }).prefix(while: { $0 < 3 }) {
      seen.append(value)
    }
    #expect(seen == [1, 2])
  }
}
