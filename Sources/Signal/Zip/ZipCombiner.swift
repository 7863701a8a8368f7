/// The bookkeeping every `zip` shares, whatever its arity: how many values each upstream
/// has buffered, which upstreams finished, and when no tuple can be formed any more.
struct ZipProgress: UpstreamsProgress {
  static var refundsOnDrain: Bool { false }

  private var buffered: [Int]
  private var finished: [Bool]
  /// Upstreams with nothing buffered: a tuple is ready when this is zero.
  private var emptyCount: Int
  /// An upstream finished with nothing buffered: no tuple can be formed any more.
  private(set) var isExhausted: Bool

  init(upstreams: Int) {
    buffered = Array(repeating: 0, count: upstreams)
    finished = Array(repeating: false, count: upstreams)
    emptyCount = upstreams
    isExhausted = upstreams == 0
  }

  /// Counts a value buffered for `index`; returns `true` when a whole tuple is buffered.
  mutating func received(from index: Int) -> Bool {
    if buffered[index] == 0 { emptyCount -= 1 }
    buffered[index] += 1
    return emptyCount == 0
  }

  /// Counts one value taken from every upstream (the consumer hands their room back).
  mutating func tupleTaken() {
    for index in buffered.indices {
      buffered[index] -= 1
      if buffered[index] == 0 {
        emptyCount += 1
        if finished[index] { isExhausted = true }
      }
    }
  }

  mutating func finish(_ index: Int) {
    finished[index] = true
    if buffered[index] == 0 { isExhausted = true }
  }
}

/// `zip` of two upstreams, on the consumer's side.
struct Zip2Combiner<A: Sendable, B: Sendable>: UpstreamsCombiner {
  var progress = ZipProgress(upstreams: 2)
  private var first = RingBuffer<A>()
  private var second = RingBuffer<B>()

  mutating func receive(_ value: UpstreamValue2<A, B>, from index: Int) -> (A, B)? {
    switch value {
    case .first(let a): first.append(a)
    case .second(let b): second.append(b)
    }
    guard progress.received(from: index), let a = first.popFirst(), let b = second.popFirst() else { return nil }
    progress.tupleTaken()
    return (a, b)
  }
}

/// `zip` of three upstreams, on the consumer's side.
struct Zip3Combiner<A: Sendable, B: Sendable, C: Sendable>: UpstreamsCombiner {
  var progress = ZipProgress(upstreams: 3)
  private var first = RingBuffer<A>()
  private var second = RingBuffer<B>()
  private var third = RingBuffer<C>()

  mutating func receive(_ value: UpstreamValue3<A, B, C>, from index: Int) -> (A, B, C)? {
    switch value {
    case .first(let a): first.append(a)
    case .second(let b): second.append(b)
    case .third(let c): third.append(c)
    }
    guard progress.received(from: index), let a = first.popFirst(), let b = second.popFirst(),
      let c = third.popFirst()
    else { return nil }
    progress.tupleTaken()
    return (a, b, c)
  }
}

/// `zip` of any number of upstreams of one type, on the consumer's side.
struct ZipManyCombiner<Value: Sendable>: UpstreamsCombiner {
  var progress: ZipProgress
  private var buffers: [RingBuffer<Value>]

  init(upstreams: Int) {
    progress = ZipProgress(upstreams: upstreams)
    buffers = Array(repeating: RingBuffer(), count: upstreams)
  }

  mutating func receive(_ value: Value, from index: Int) -> [Value]? {
    buffers[index].append(value)
    guard progress.received(from: index) else { return nil }
    var tuple: [Value] = []
    tuple.reserveCapacity(buffers.count)
    for index in buffers.indices {
      guard let value = buffers[index].popFirst() else { return nil }
      tuple.append(value)
    }
    progress.tupleTaken()
    return tuple
  }
}
