// Top-level code (main.swift): Swift ranks its overloads as synchronous code even where it may
// `await`, so an untyped awaited binding of a name Signal shares with the standard library's
// AsyncSequence terminals is the operator, and the compiler says so with a warning. Making it an
// error would make the same untyped binding an error in every synchronous function, where Combine
// code builds its pipelines (see ComingFromCombine.md). A type says which.
import Signal

let numbers = [3, 1, 4].publisher

let untypedTotal = await numbers.reduce(0, +)  // expect-warning: no 'async' operations occur within 'await' expression
let untypedPipeline = numbers.reduce(0, +)
let stillAPublisher: Publishers.Reduce<SequencePublisher<[Int]>, Int> = untypedTotal

// A type says which.
let typedTotal: Int = await numbers.reduce(0, +)
let typedSmallest: Int? = await numbers.min()
let typedPipeline: some Publisher<Int, Never> = numbers.reduce(0, +)
let explicitPipeline: Publishers.Reduce<SequencePublisher<[Int]>, Int> = untypedPipeline
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
