import OpenCombine

// Issue 25's cost rows, OpenCombine's side (synchronous delivery throughout).

/// `n` `sink`s on a cold chain that never ends (a subject made per subscription, then `map` and `filter`),
/// all subscribed, then all cancelled.
public func openCombineColdSinksCancelled(_ n: Int) -> Int {
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
public func openCombineImmediateSinks(_ n: Int) -> Int {
  var total = 0
  for index in 0..<n {
    let cancellable = Just(index)
      .map { $0 &* 3 }
      .filter { $0 & 1 == 0 }
      .sink { total &+= $0 }
    _ = cancellable
  }
  return total
}

/// `n` `sink`s on one subject, each having received one value, kept for `measure`, which cancels them.
public func openCombineSubjectSinksCancelled(_ n: Int, measure: (_ cancelAll: () -> Void) -> Void) {
  let subject = PassthroughSubject<Int, Never>()
  var totals = [Int](repeating: 0, count: n)
  var cancellables: [AnyCancellable] = []
  cancellables.reserveCapacity(n)
  for index in 0..<n {
    cancellables.append(subject.sink { totals[index] &+= $0 })
  }
  subject.send(1)
  measure {
    for cancellable in cancellables { cancellable.cancel() }
  }
  withExtendedLifetime(totals) {}
}
