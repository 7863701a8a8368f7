/// An asynchronous source of `0..<count`: each element comes from an `async` call the optimizer
/// cannot see through (`@inline(never)`, in this module), so a chain over it measures the
/// operators per element rather than a loop the optimizer folded (a synchronous `0..<n` source
/// lets a whole chain become one loop).
public struct AsyncCounter: AsyncSequence, Sendable {
  public typealias Element = Int
  public typealias Failure = Never

  public let count: Int

  public init(_ count: Int) {
    self.count = count
  }

  public func makeAsyncIterator() -> Iterator {
    Iterator(count: count)
  }

  public struct Iterator: AsyncIteratorProtocol {
    var next = 0
    let count: Int

    init(count: Int) {
      self.count = count
    }

    public mutating func next() async -> Int? {
      await next(isolation: nil)
    }

    public mutating func next(isolation actor: isolated (any Actor)?) async -> Int? {
      guard next < count else { return nil }
      defer { next += 1 }
      return await opaqueElement(next)
    }
  }
}

@inline(never)
func opaqueElement(_ value: Int) async -> Int {
  value
}

/// The chain's arithmetic as a plain `for await` loop over the asynchronous source: the bound for
/// the chain rows with an asynchronous source.
public func plainLoopAsyncChain(_ n: Int) async -> Int {
  var total = 0
  for await value in AsyncCounter(n) {
    let mapped = value &* 3
    guard mapped & 1 == 0 else { continue }
    guard mapped % 5 != 0 else { continue }
    total &+= mapped >> 1
  }
  return total
}

/// The same chain with the standard library's `AsyncSequence` operators over the asynchronous source.
public func standardLibraryAsyncChain(_ n: Int) async -> Int {
  await AsyncCounter(n)
    .map { $0 &* 3 }
    .filter { $0 & 1 == 0 }
    .compactMap { $0 % 5 == 0 ? nil : $0 >> 1 }
    .reduce(0) { $0 &+ $1 }
}
