// A synchronous function is what top-level code looks like to Swift's overload ranking, so the
// same rule holds there: an untyped binding is ambiguous, a type or a chain picks the operator.
import Signal

func pipelines() -> some Publisher<Int, Never> {
  let numbers = [3, 1, 4].publisher
  let untyped = numbers.reduce(0, +)  // expect-error: ambiguous use of 'reduce'
  _ = untyped
  let typed: some Publisher<Int, Never> = numbers.max()
  _ = typed
  let cancellable = numbers.reduce(0, +).sink { print($0) }
  cancellable.cancel()
  return numbers.reduce(0, +).map { $0 * 2 }
}
