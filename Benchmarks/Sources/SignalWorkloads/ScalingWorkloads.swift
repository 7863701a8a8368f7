import BaselineWorkloads
import Signal

/// The chain over an asynchronous source (``AsyncCounter``): what the operators cost per element
/// when the source is not a loop the optimizer can fold them into.
public func signalAsyncSourceChain(_ n: Int) async -> Int {
  var total = 0
  for await value in asyncSourceChain(n) { total = value }
  return total
}

/// ``chain(_:)``'s operators over ``AsyncCounter`` (a synchronous function, where the untyped
/// `reduce` is the operator, as in Combine).
@inlinable
func asyncSourceChain(_ n: Int) -> some Publisher<Int, Never> {
  // Typed closures: `AsyncCounter` is an `AsyncSequence` too, and the type checker otherwise tries
  // every combination of the standard library's operators with Signal's.
  let source: some Publisher<Int, Never> = AsyncCounter(n).publisher
  return
    source
    .map { (value: Int) -> Int in value &* 3 }
    .filter { (value: Int) -> Bool in value & 1 == 0 }
    .compactMap { (value: Int) -> Int? in value % 5 == 0 ? nil : value >> 1 }
    .reduce(0) { (total: Int, value: Int) -> Int in total &+ value }
}

/// `flatMap` (default `maxPublishers`) of `inners` immediate inner publishers (a collection's
/// publisher each) sharing `total` values.
public func signalFlatMapImmediateInners(inners: Int, total: Int) async -> Int {
  let perInner = total / inners
  var sum = 0
  for await value in (0..<inners).publisher.flatMap({ ($0..<$0 + perInner).publisher }) { sum &+= value }
  return sum
}

/// `switchToLatest` of one asynchronous inner publisher (an ``AsyncCounter`` of `total` values): the outer publisher
/// ends at once, so every value comes through the one inner task.
public func signalSwitchToLatestOneAsynchronousInner(total: Int) async -> Int {
  var sum = 0
  for await value in Just(AsyncCounter(total).publisher).switchToLatest() { sum &+= value }
  return sum
}

/// `flatMap` (default `maxPublishers`) of `inners` asynchronous inner publishers (an
/// ``AsyncCounter`` each, run by the workers) sharing `total` values.
public func signalFlatMapAsynchronousInners(inners: Int, total: Int) async -> Int {
  let perInner = total / inners
  var sum = 0
  for await value in (0..<inners).publisher.flatMap({ _ in AsyncCounter(perInner).publisher }) { sum &+= value }
  return sum
}
