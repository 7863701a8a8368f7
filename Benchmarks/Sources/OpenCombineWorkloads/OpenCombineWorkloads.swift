import OpenCombine

/// The chain in OpenCombine: synchronous push, the fastest thing a Combine user has.
public func openCombineChain(_ n: Int) -> Int {
  var result = 0
  let cancellable = (0..<n).publisher
    .map { $0 &* 3 }
    .filter { $0 & 1 == 0 }
    .compactMap { $0 % 5 == 0 ? nil : $0 >> 1 }
    .reduce(0) { $0 &+ $1 }
    .sink { result = $0 }
  cancellable.cancel()
  return result
}

/// `flatMap(maxPublishers: .max(8))` of `inners` inner publishers: `Just` when `perInner` is 1,
/// otherwise a sequence of `perInner` values (synchronous delivery).
public func openCombineFlatMap(inners: Int, perInner: Int) -> Int {
  var total = 0
  let cancellable: AnyCancellable
  if perInner == 1 {
    cancellable = (0..<inners).publisher.flatMap(maxPublishers: .max(8)) { Just($0) }.sink { total &+= $0 }
  } else {
    cancellable = (0..<inners).publisher
      .flatMap(maxPublishers: .max(8)) { ($0..<$0 + perInner).publisher }
      .sink { total &+= $0 }
  }
  cancellable.cancel()
  return total
}

/// One PassthroughSubject, `subscribers` sinks, `elements` values each (synchronous delivery).
public func openCombineSubject(subscribers: Int, elements: Int) -> Int {
  let subject = PassthroughSubject<Int, Never>()
  var totals = [Int](repeating: 0, count: subscribers)
  var cancellables: [AnyCancellable] = []
  for index in 0..<subscribers {
    cancellables.append(subject.sink { totals[index] &+= $0 })
  }
  for value in 0..<elements { subject.send(value) }
  subject.send(completion: .finished)
  return totals.reduce(0) { $0 &+ $1 }
}

/// Keeps `count` idle subscribers on one subject alive while `measure` runs.
public func openCombineIdleSubscribers(count: Int, measure: () -> Void) {
  let subject = PassthroughSubject<Int, Never>()
  var cancellables: [AnyCancellable] = []
  cancellables.reserveCapacity(count)
  for _ in 0..<count { cancellables.append(subject.sink { _ in }) }
  measure()
  withExtendedLifetime(cancellables) {}
}

/// Keeps the allocations of the reserved cancellable array out of the per-subscriber figure.
public func openCombineIdleBaseline(count: Int, measure: () -> Void) {
  let subject = PassthroughSubject<Int, Never>()
  var cancellables: [AnyCancellable] = []
  cancellables.reserveCapacity(count)
  measure()
  withExtendedLifetime((subject, cancellables)) {}
}
