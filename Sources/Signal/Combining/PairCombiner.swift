/// The consumer's side of a ``Publishers/Combining2``.
@usableFromInline
struct PairCombiner<A: Sendable, B: Sendable, Rule: CombiningRule>: UpstreamsCombiner {
  @usableFromInline var progress = CombiningProgress(upstreams: 2, consumesValues: Rule.consumesValues)
  @usableFromInline var first = CombiningSlot<A>()
  @usableFromInline var second = CombiningSlot<B>()

  @inlinable
  init() {}

  @inlinable
  mutating func receive(_ value: UpstreamValue2<A, B>, from index: Int) -> (A, B)? {
    let consuming = Rule.consumesValues
    switch value {
    case .first(let a): first.keep(a, consuming: consuming)
    case .second(let b): second.keep(b, consuming: consuming)
    }
    guard progress.received(from: index), let a = first.take(consuming: consuming),
      let b = second.take(consuming: consuming)
    else { return nil }
    if consuming { progress.outputTaken() }
    return (a, b)
  }
}
