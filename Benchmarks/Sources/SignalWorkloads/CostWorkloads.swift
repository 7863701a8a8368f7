import Signal

// Issue 25's cost rows, Signal's side: what a subscriber, a callback bridge and a cancellation cost.

/// `Publishers.Create` bridging a producer that sends `n` values with `await send`, read with `for await`.
public func signalCreateSends(_ n: Int) async -> Int {
  let source = Publishers.Create<Int, Never> { subscriber in
    for value in 0..<n { await subscriber.send(value) }
    subscriber.finish()
  }
  var total = 0
  for await value in source { total &+= value }
  return total
}

/// `Publishers.Create` with its default buffer (64, suspending) carrying `n` values of `size` bytes to a consumer
/// that spends `work` passes over each value; `sample` is called every 512 values (the memory row samples there).
public func signalCreateSlowConsumer(_ n: Int, size: Int, work: Int, sample: () -> Void) async -> Int {
  let source = Publishers.Create<[UInt8], Never> { subscriber in
    for value in 0..<n { await subscriber.send([UInt8](repeating: UInt8(truncatingIfNeeded: value), count: size)) }
    subscriber.finish()
  }
  var total = 0
  var index = 0
  for await bytes in source {
    total &+= slowConsume(bytes, work: work)
    index &+= 1
    if index & 511 == 0 { sample() }
  }
  sample()
  return total
}

/// What a slow consumer does with each value: `work` passes of a checksum.
@inline(never)
public func slowConsume(_ bytes: [UInt8], work: Int) -> Int {
  var total = 0
  for pass in 0..<work {
    for byte in bytes { total = total &* 31 &+ Int(byte) &+ pass }
  }
  return total
}

/// `n` `sink`s on a cold chain that never ends (a subject made per subscription, then `map` and `filter`),
/// all subscribed, then all cancelled.
public func signalColdSinksCancelled(_ n: Int) -> Int {
  var cancellables: [AnyCancellable] = []
  cancellables.reserveCapacity(n)
  for index in 0..<n {
    cancellables.append(
      Deferred { PassthroughSubject<Int, Never>() }
        .map { $0 &+ index }
        .filter { $0 & 1 == 0 }
        .sink { _ in })
  }
  for cancellable in cancellables { cancellable.cancel() }
  return cancellables.count
}

/// `n` `sink`s on `Just(i).map.filter`, each to its completion.
public func signalImmediateSinks(_ n: Int) -> Int {
  let total = Total()
  for index in 0..<n {
    let cancellable = Just(index)
      .map { $0 &* 3 }
      .filter { $0 & 1 == 0 }
      .sink { total.value &+= $0 }
    _ = cancellable
  }
  return total.value
}

/// A counter the non-`Sendable` closures of one task share.
final class Total {
  var value = 0
}

/// `n` `sink`s on one subject, each having received one value (its task parked again), kept for
/// `measure`, which cancels them (`cancelAll`).
public func signalSubjectSinksCancelled(_ n: Int, measure: (_ cancelAll: () -> Void) async -> Void) async {
  let subject = PassthroughSubject<Int, Never>()
  let totals = SinkTotals(count: n)
  var cancellables: [AnyCancellable] = []
  cancellables.reserveCapacity(n)
  for index in 0..<n {
    cancellables.append(subject.sink { totals.add($0, at: index) })
  }
  await subject.send(1)
  await totals.waitUntilEach(received: 1)
  await measure {
    for cancellable in cancellables { cancellable.cancel() }
  }
}
