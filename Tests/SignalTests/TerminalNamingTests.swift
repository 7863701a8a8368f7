import Signal
import Testing

/// The names Signal shares with the standard library's `AsyncSequence` terminals (`reduce`,
/// `first(where:)`, `contains`, `allSatisfy`, `min`, `max`): where the expression needs a
/// publisher (a chain, a `for await`, a typed binding, an argument, any synchronous code) they
/// are Combine's operators; `await` on the call alone is the standard library's value. An
/// untyped `let p = numbers.reduce(0, +)` inside an async function is a compile error
/// ("expression is 'async' but is not marked with 'await'"), never a silent publisher.
/// See Sources/Signal/Signal.docc/Guides/ComingFromCombine.md.
@Suite struct TerminalNamingTests {
  let numbers = [3, 1, 4].publisher

  /// Synchronous code, as most Combine pipelines are built: always the operators.
  private func pipelines() -> (
    reduce: Publishers.Reduce<SequencePublisher<[Int]>, Int>,
    first: Publishers.First<SequencePublisher<[Int]>>,
    contains: Publishers.Contains<SequencePublisher<[Int]>>,
    containsWhere: Publishers.Contains<SequencePublisher<[Int]>>,
    allSatisfy: Publishers.AllSatisfy<SequencePublisher<[Int]>>,
    min: Publishers.Comparison<SequencePublisher<[Int]>>,
    max: Publishers.Comparison<SequencePublisher<[Int]>>
  ) {
    let reduce = numbers.reduce(0, +)
    let first = numbers.first { $0 > 1 }
    let contains = numbers.contains(4)
    let containsWhere = numbers.contains { $0 > 3 }
    let allSatisfy = numbers.allSatisfy { $0 > 0 }
    let min = numbers.min()
    let max = numbers.max(by: <)
    return (reduce, first, contains, containsWhere, allSatisfy, min, max)
  }

  @Test func synchronousCodeGetsTheOperators() async {
    let built = pipelines()
    #expect(await built.reduce.allValues() == [8])
    #expect(await built.first.allValues() == [3])
    #expect(await built.contains.allValues() == [true])
    #expect(await built.containsWhere.allValues() == [true])
    #expect(await built.allSatisfy.allValues() == [true])
    #expect(await built.min.allValues() == [1])
    #expect(await built.max.allValues() == [4])
  }

  @Test func awaitingTheCallAloneGetsTheValue() async {
    let total = await numbers.reduce(0, +)
    let first = await numbers.first { $0 > 1 }
    let hasFour = await numbers.contains(4)
    let hasBig = await numbers.contains { $0 > 3 }
    let allPositive = await numbers.allSatisfy { $0 > 0 }
    let smallest = await numbers.min()
    let largest = await numbers.max(by: <)
    #expect(total == 8)
    #expect(first == 3)
    #expect(hasFour && hasBig && allPositive)
    #expect(smallest == 1)
    #expect(largest == 4)
  }

  @Test func aChainATypedBindingOrAForAwaitGetsTheOperator() async {
    // Chained: the answer comes as a publisher's value.
    #expect(await numbers.reduce(0, +).firstValue() == 8)
    #expect(await numbers.contains(9).map { !$0 }.allValues() == [true])
    // Typed.
    let largest: some Publisher<Int, Never> = numbers.max()
    #expect(await largest.allValues() == [4])
    // Iterated.
    var minima: [Int] = []
    for await value in numbers.min() { minima.append(value) }
    #expect(minima == [1])
    // Passed where a publisher is expected.
    #expect(await record(numbers.allSatisfy { $0 < 4 }) == Recording(values: [false], completion: .finished))
  }

  @Test func aFailingPublishersAwaitedAnswerThrowsItsFailure() async {
    // The standard library's terminal throws what the publisher fails with.
    await #expect(throws: TestError.boom) { try await failing(after: [1]).contains(5) }
  }

  @Test func namesTheStandardLibraryLacksAreAlwaysTheOperators() async {
    // `count()` and `last()` have no `AsyncSequence` terminal: `await` is needed only to read them.
    #expect(await numbers.count().firstValue() == 3)
    #expect(await numbers.last().firstValue() == 4)
  }
}
