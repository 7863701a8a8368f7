import BaselineWorkloads
import Signal

/// The chain in Signal, consumed with `for await` off the main actor.
public func signalChain(_ n: Int) async -> Int {
  var total = 0
  for await value in chain(n) { total = value }
  return total
}

/// The chain in Signal, consumed with `for await` on the main actor.
@MainActor
public func signalChainOnMainActor(_ n: Int) async -> Int {
  var total = 0
  for await value in chain(n).map({ $0 }) { total = value }
  return total
}

/// The same chain without the final reduce, iterated element by element on the main actor.
@MainActor
public func signalElementsOnMainActor(_ n: Int) async -> Int {
  var total = 0
  for await value in elements(n) { total &+= value }
  return total
}

/// The same chain without the final reduce, iterated element by element off the main actor.
public func signalElements(_ n: Int) async -> Int {
  var total = 0
  for await value in elements(n) { total &+= value }
  return total
}

@inlinable
func elements(_ n: Int) -> some Publisher<Int, Never> {
  (0..<n).publisher
    .map { $0 &* 3 }
    .filter { $0 & 1 == 0 }
    .compactMap { $0 % 5 == 0 ? nil : $0 >> 1 }
}

@inlinable
func chain(_ n: Int) -> some Publisher<Int, Never> {
  elements(n).reduce(0) { $0 &+ $1 }
}

/// `Publishers.MergeMany` of `producers` synchronous sources.
public func signalMerge(producers: Int, perProducer: Int) async -> Int {
  let sources = (0..<producers).map { _ in (0..<perProducer).publisher }
  var total = 0
  for await value in Publishers.MergeMany(sources) { total &+= value }
  return total
}

/// `flatMap(maxPublishers: 8)` of `inners` inner publishers: `Just` when `perInner` is 1,
/// otherwise a sequence of `perInner` values.
public func signalFlatMap(inners: Int, perInner: Int) async -> Int {
  var total = 0
  if perInner == 1 {
    for await value in (0..<inners).publisher.flatMap(maxPublishers: 8, { Just($0) }) { total &+= value }
  } else {
    let flattened = (0..<inners).publisher.flatMap(maxPublishers: 8) { ($0..<$0 + perInner).publisher }
    for await value in flattened { total &+= value }
  }
  return total
}

/// `combineLatest` of two synchronous sources of `perSource` values each.
public func signalCombineLatest(perSource: Int) async -> Int {
  var total = 0
  for await (a, b) in (0..<perSource).publisher.combineLatest((0..<perSource).publisher) { total &+= a &+ b }
  return total
}

/// `zip` of two synchronous sources of `perSource` values each.
public func signalZip(perSource: Int) async -> Int {
  var total = 0
  for await (a, b) in (0..<perSource).publisher.zip((0..<perSource).publisher) { total &+= a &+ b }
  return total
}

/// One PassthroughSubject with `subscribers` `sink` subscribers (default bounded buffer), values
/// sent with `await send` from one task; returns once every sink has received the completion.
/// The sender and the sinks are isolated to the caller's actor, if any (a view model and its views on the main actor).
public func signalSubjectSinks(
  subscribers: Int, elements: Int, isolation: isolated (any Actor)? = #isolation
) async -> Int {
  let subject = PassthroughSubject<Int, Never>()
  let totals = SinkTotals(count: subscribers)
  var cancellables: [AnyCancellable] = []
  for index in 0..<subscribers {
    cancellables.append(
      subject.sink { _ in
        totals.finish()
      } receiveValue: {
        totals.add($0, at: index)
      })
  }
  for value in 0..<elements { await subject.send(value) }
  await subject.send(completion: .finished)
  await totals.waitUntilFinished()
  withExtendedLifetime(cancellables) {}
  return totals.total
}

/// One PassthroughSubject, `subscribers` subscribers with the default bounded buffer.
public func signalSubject(subscribers: Int, elements: Int) async -> Int {
  let subject = PassthroughSubject<Int, Never>()
  return await withTaskGroup(of: Int.self) { group in
    let gate = StartGate(parties: subscribers + 1)
    for _ in 0..<subscribers {
      group.addTask {
        var iterator = subject.makeAsyncIterator()
        await gate.arriveAndWait()
        var total = 0
        while let value = await iterator.next() { total &+= value }
        return total
      }
    }
    await gate.arriveAndWait()
    for value in 0..<elements { await subject.send(value) }
    await subject.send(completion: .finished)
    var total = 0
    for await value in group { total &+= value }
    return total
  }
}

/// `share()` of a synchronous source with `subscribers` subscribers (default bounded buffer),
/// every subscriber made before the first `next()`, like the swift-async-algorithms workload.
public func signalShare(subscribers: Int, elements: Int) async -> Int {
  let shared = (0..<elements).publisher.share()
  return await withTaskGroup(of: Int.self) { group in
    let gate = StartGate(parties: subscribers)
    for _ in 0..<subscribers {
      group.addTask {
        var iterator = shared.makeAsyncIterator()
        await gate.arriveAndWait()
        var total = 0
        while let value = await iterator.next() { total &+= value }
        return total
      }
    }
    var total = 0
    for await value in group { total &+= value }
    return total
  }
}

struct TinyWork: Performable {
  let index: Int
  func perform() async -> Int { await tinyWork(index) }
}

/// The indexed fan-in over `items` tiny work items.
public func signalFanIn(items: Int, maxConcurrent: Int) async -> Int {
  let work = (0..<items).map(TinyWork.init)
  var total = 0
  for await (_, output) in TinyWork.publisher(for: work, maxConcurrent: maxConcurrent) {
    total &+= output.value ?? 0
  }
  return total
}

/// Keeps `count` idle subscribers on one subject alive while `measure` runs.
public func signalIdleSubscribers(count: Int, measure: () -> Void) {
  let subject = PassthroughSubject<Int, Never>()
  var iterators: [PassthroughSubject<Int, Never>.AsyncIterator] = []
  iterators.reserveCapacity(count)
  for _ in 0..<count { iterators.append(subject.makeAsyncIterator()) }
  measure()
  withExtendedLifetime(iterators) {}
}

/// The same without subscribers, to subtract the array and subject themselves.
public func signalIdleBaseline(count: Int, measure: () -> Void) {
  let subject = PassthroughSubject<Int, Never>()
  var iterators: [PassthroughSubject<Int, Never>.AsyncIterator] = []
  iterators.reserveCapacity(count)
  measure()
  withExtendedLifetime((subject, iterators)) {}
}

/// `debounce` over a burst of `n` values from a sync source: per-value throughput of the
/// operator (one value survives, the last).
public func signalDebounce(_ n: Int) async -> Int {
  var last = 0
  for await value in (0..<n).publisher.debounce(for: .milliseconds(1)) { last = value }
  return last
}
