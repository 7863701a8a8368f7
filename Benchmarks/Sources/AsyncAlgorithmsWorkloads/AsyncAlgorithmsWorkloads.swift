import AsyncAlgorithms
import BaselineWorkloads

/// The chain with the standard library's async operators over a sync source.
public func standardLibraryChain(_ n: Int) async -> Int {
  await (0..<n).async
    .map { $0 &* 3 }
    .filter { $0 & 1 == 0 }
    .compactMap { $0 % 5 == 0 ? nil : $0 >> 1 }
    .reduce(0) { $0 &+ $1 }
}

/// The same, iterated on the main actor (every `next()` of the standard operators hops).
@MainActor
public func standardLibraryChainOnMainActor(_ n: Int) async -> Int {
  var total = 0
  let chain = (0..<n).async
    .map { $0 &* 3 }
    .filter { $0 & 1 == 0 }
    .compactMap { $0 % 5 == 0 ? nil : $0 >> 1 }
  for await value in chain { total &+= value }
  return total
}

/// swift-async-algorithms `merge`, nested pairwise for more than two producers.
public func asyncAlgorithmsMerge(producers: Int, perProducer: Int) async -> Int {
  let leaves = (0..<producers).map { _ in (0..<perProducer).async }
  switch producers {
  case 2: return await drain(merge(leaves[0], leaves[1]))
  case 8: return await drain(pairUp(pairUp(pairUp(leaves)))[0])
  case 64: return await drain(pairUp(pairUp(pairUp(pairUp(pairUp(pairUp(leaves))))))[0])
  default: preconditionFailure("benchmarked for 2, 8 and 64 producers")
  }
}

/// swift-async-algorithms `combineLatest` of two synchronous sources of `perSource` values each.
public func asyncAlgorithmsCombineLatest(perSource: Int) async -> Int {
  var total = 0
  for await (a, b) in combineLatest((0..<perSource).async, (0..<perSource).async) { total &+= a &+ b }
  return total
}

/// `zip` of two synchronous sources of `perSource` values each.
public func asyncAlgorithmsZip(perSource: Int) async -> Int {
  var total = 0
  for await (a, b) in zip((0..<perSource).async, (0..<perSource).async) { total &+= a &+ b }
  return total
}

private func pairUp<S: AsyncSequence & Sendable>(_ sequences: [S]) -> [AsyncMerge2Sequence<S, S>]
where S.Element: Sendable {
  stride(from: 0, to: sequences.count, by: 2).map { merge(sequences[$0], sequences[$0 + 1]) }
}

private func drain<S: AsyncSequence>(_ sequence: S) async -> Int where S.Element == Int {
  var total = 0
  do {
    for try await value in sequence { total &+= value }
  } catch {
    preconditionFailure("merge of non-throwing sources threw \(error)")
  }
  return total
}

/// swift-async-algorithms `share()` with `subscribers` sides, `elements` values.
/// Every side exists before the first demand, so each sees every value.
public func asyncAlgorithmsShare(subscribers: Int, elements: Int, buffer: Int) async -> Int {
  let shared = (0..<elements).async.share(bufferingPolicy: .bounded(buffer))
  return await withTaskGroup(of: Int.self) { group in
    let gate = StartGate(parties: subscribers)
    for _ in 0..<subscribers {
      group.addTask {
        var iterator = shared.makeAsyncIterator()
        await gate.arriveAndWait()
        var total = 0
        while let value = await iterator.next(isolation: nil) { total &+= value }
        return total
      }
    }
    var total = 0
    for await value in group { total &+= value }
    return total
  }
}

/// swift-async-algorithms `debounce` over the same burst.
public func asyncAlgorithmsDebounce(_ n: Int) async -> Int {
  var last = 0
  for await value in (0..<n).async.debounce(for: .milliseconds(1)) { last = value }
  return last
}
