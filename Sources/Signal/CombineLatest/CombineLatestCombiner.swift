/// The bookkeeping every `combineLatest` shares, whatever its arity: which upstreams have
/// produced a value, how many finished, and when no output can come any more.
struct CombineLatestProgress: UpstreamsProgress {
  static var refundsOnDrain: Bool { true }

  private var hasValue: [Bool]
  /// Upstreams that have not produced a value yet: outputs start when this is zero.
  private var missing: Int
  private var unfinished: Int
  /// Every upstream finished, or one finished without a value (no output can ever come).
  private(set) var isExhausted: Bool

  init(upstreams: Int) {
    hasValue = Array(repeating: false, count: upstreams)
    missing = upstreams
    unfinished = upstreams
    isExhausted = upstreams == 0
  }

  /// Counts a value from `index`; returns `true` when every upstream has produced one.
  mutating func received(from index: Int) -> Bool {
    if missing > 0, !hasValue[index] {
      hasValue[index] = true
      missing -= 1
    }
    return missing == 0
  }

  mutating func finish(_ index: Int) {
    unfinished -= 1
    if unfinished == 0 || !hasValue[index] { isExhausted = true }
  }
}

/// `combineLatest` of two upstreams, on the consumer's side.
struct CombineLatest2Combiner<A: Sendable, B: Sendable>: UpstreamsCombiner {
  var progress = CombineLatestProgress(upstreams: 2)
  private var first: A?
  private var second: B?

  mutating func receive(_ value: UpstreamValue2<A, B>, from index: Int) -> (A, B)? {
    switch value {
    case .first(let a): first = a
    case .second(let b): second = b
    }
    guard progress.received(from: index), let first, let second else { return nil }
    return (first, second)
  }
}

/// `combineLatest` of three upstreams, on the consumer's side.
struct CombineLatest3Combiner<A: Sendable, B: Sendable, C: Sendable>: UpstreamsCombiner {
  var progress = CombineLatestProgress(upstreams: 3)
  private var first: A?
  private var second: B?
  private var third: C?

  mutating func receive(_ value: UpstreamValue3<A, B, C>, from index: Int) -> (A, B, C)? {
    switch value {
    case .first(let a): first = a
    case .second(let b): second = b
    case .third(let c): third = c
    }
    guard progress.received(from: index), let first, let second, let third else { return nil }
    return (first, second, third)
  }
}

/// `combineLatest` of any number of upstreams of one type, on the consumer's side.
struct CombineLatestManyCombiner<Value: Sendable>: UpstreamsCombiner {
  var progress: CombineLatestProgress
  private var latest: [Value?]

  init(upstreams: Int) {
    progress = CombineLatestProgress(upstreams: upstreams)
    latest = Array(repeating: nil, count: upstreams)
  }

  mutating func receive(_ value: Value, from index: Int) -> [Value]? {
    latest[index] = value
    guard progress.received(from: index) else { return nil }
    return latest.compactMap { $0 }
  }
}
