import Signal
import Testing

/// The names Signal shares with the standard library's `AsyncSequence` terminals (`reduce`,
/// `first(where:)`, `contains`, `allSatisfy`, `min`, `max`): where the expression needs a
/// publisher (a chain, a `for await`, a typed binding, an argument) they are Combine's
/// operators; `await` on the call alone in an async function is the standard library's value.
/// Inside an async function an untyped binding without `await` is "expression is 'async' but is
/// not marked with 'await'"; in synchronous code it is the operator, as in Combine; in top-level
/// code an awaited untyped binding is the operator too, with the compiler's warning "no 'async'
/// operations occur within 'await' expression" (Tests/CompileChecks/Cases/TopLevelTerminals.swift
/// and SynchronousFunctionTerminals.swift pin those, as `.ci/compile-checks` runs them).
/// See Sources/Signal/Signal.docc/Guides/ComingFromCombine.md.
@Suite struct TerminalNamingTests {
  let numbers = [3, 1, 4].publisher

  /// Synchronous code, as most Combine pipelines are built: a typed binding is the operator.
  private func pipelines() -> (
    reduce: Publishers.Reduce<SequencePublisher<[Int]>, Int>,
    first: Publishers.First<SequencePublisher<[Int]>>,
    contains: Publishers.Contains<SequencePublisher<[Int]>>,
    containsWhere: Publishers.Contains<SequencePublisher<[Int]>>,
    allSatisfy: Publishers.AllSatisfy<SequencePublisher<[Int]>>,
    min: Publishers.Comparison<SequencePublisher<[Int]>>,
    max: Publishers.Comparison<SequencePublisher<[Int]>>
  ) {
    (
      numbers.reduce(0, +), numbers.first { $0 > 1 }, numbers.contains(4), numbers.contains { $0 > 3 },
      numbers.allSatisfy { $0 > 0 }, numbers.min(), numbers.max(by: <)
    )
  }

  @Test func synchronousCodeWithATypeGetsTheOperators() async {
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
