// Top-level code (main.swift): Swift ranks its overloads as synchronous code even where it may
// `await`, so an untyped binding of a name Signal shares with the standard library's
// AsyncSequence terminals cannot give the awaited value there; it must not silently give the
// publisher either. It is ambiguous; a type, a chain or an async function says which.
import Signal

let numbers = [3, 1, 4].publisher

let total = await numbers.reduce(0, +)  // expect-error: ambiguous use of 'reduce'
let smallest = await numbers.min()  // expect-error: ambiguous use of 'min()'
let largest = await numbers.max(by: <)  // expect-error: ambiguous use of 'max(by:)'
let hasFour = await numbers.contains(4)  // expect-error: ambiguous use of 'contains'
let hasBig = await numbers.contains { $0 > 3 }  // expect-error: ambiguous use of 'contains(where:)'
let allPositive = await numbers.allSatisfy { $0 > 0 }  // expect-error: ambiguous use of 'allSatisfy'
let firstBig = await numbers.first { $0 > 1 }  // expect-error: ambiguous use of 'first(where:)'
let untypedPipeline = numbers.reduce(0, +)  // expect-error: ambiguous use of 'reduce'

// A type says which.
let typedTotal: Int = await numbers.reduce(0, +)
let typedSmallest: Int? = await numbers.min()
let typedPipeline: some Publisher<Int, Never> = numbers.reduce(0, +)
let explicitPipeline: Publishers.Reduce<SequencePublisher<[Int]>, Int> = numbers.reduce(0, +)
// So does a chain, or an argument where a publisher is expected.
let chainedTotal = await numbers.reduce(0, +).firstValue()
let doubled = numbers.reduce(0, +).map { $0 * 2 }
for await value in numbers.max() { print(value) }

// Inside an async function, awaiting the call alone is the value.
func answers() async -> (Int, Int?, Bool) {
  let total = await numbers.reduce(0, +)
  let smallest = await numbers.min()
  let hasFour = await numbers.contains(4)
  return (total, smallest, hasFour)
}
print(await answers(), typedTotal, typedSmallest as Any, chainedTotal as Any)
