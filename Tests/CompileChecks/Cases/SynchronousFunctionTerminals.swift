// In a synchronous function, as in Combine, an untyped binding of `reduce`, `min`, `contains` ...
// is the operator: that is where Combine code (and Combine's own tests) build pipelines.
import Signal

func pipelines() -> some Publisher<Int, Never> {
  let numbers = [3, 1, 4].publisher
  let untyped = numbers.reduce(0, +)
  let reduce: Publishers.Reduce<SequencePublisher<[Int]>, Int> = untyped
  _ = reduce
  let smallest = numbers.min()
  let comparison: Publishers.Comparison<SequencePublisher<[Int]>> = smallest
  _ = comparison
  let typed: some Publisher<Int, Never> = numbers.max()
  _ = typed
  let cancellable = numbers.reduce(0, +).sink { print($0) }
  cancellable.cancel()
  return numbers.reduce(0, +).map { $0 * 2 }
}
_ = pipelines()
