/// The bookkeeping of a combining publisher that does not depend on the values: which
/// upstreams have something to combine, which finished, and when no output can come any more.
@usableFromInline
struct CombiningProgress {
  /// The rule's ``CombiningRule/consumesValues``.
  @usableFromInline let consumesValues: Bool
  /// Per upstream: values buffered (`zip`), or `1` once it has a latest value (`combineLatest`).
  @usableFromInline var available: [Int]
  @usableFromInline var finished: [Bool]
  /// Upstreams with nothing to combine: an output is ready when this is zero.
  @usableFromInline var emptyCount: Int
  @usableFromInline var unfinished: Int
  /// No output can come any more (always, with no upstreams): the stream finishes.
  @usableFromInline private(set) var isExhausted: Bool

  @inlinable
  init(upstreams: Int, consumesValues: Bool) {
    self.consumesValues = consumesValues
    available = Array(repeating: 0, count: upstreams)
    finished = Array(repeating: false, count: upstreams)
    emptyCount = upstreams
    unfinished = upstreams
    isExhausted = upstreams == 0
  }

  /// Counts a value from `index`; returns `true` when every upstream has one to combine.
  @inlinable
  mutating func received(from index: Int) -> Bool {
    if available[index] == 0 {
      emptyCount -= 1
      available[index] = 1
    } else if consumesValues {
      available[index] += 1
    }
    return emptyCount == 0
  }

  /// Counts one value used up from every upstream (`zip` only).
  @inlinable
  mutating func outputTaken() {
    for index in available.indices {
      available[index] -= 1
      if available[index] == 0 {
        emptyCount += 1
        // A finished upstream with nothing left: no tuple can be formed any more.
        if finished[index] { isExhausted = true }
      }
    }
  }

  /// Upstream `index` finished.
  @inlinable
  mutating func finish(_ index: Int) {
    finished[index] = true
    unfinished -= 1
    // `zip`: nothing buffered, so no tuple can be formed. `combineLatest`: never produced a
    // value, so no output can ever come, or nobody is left to produce one.
    if available[index] == 0 || (!consumesValues && unfinished == 0) { isExhausted = true }
  }
}
