/// The consumer's side of a ``Publishers/Combining3``.
@usableFromInline
struct TripleCombiner<A: Sendable, B: Sendable, C: Sendable, Rule: CombiningRule>: UpstreamsCombiner {
  @usableFromInline var progress = CombiningProgress(upstreams: 3, consumesValues: Rule.consumesValues)
  @usableFromInline var first = CombiningSlot<A>()
  @usableFromInline var second = CombiningSlot<B>()
  @usableFromInline var third = CombiningSlot<C>()

  @inlinable
  init() {}

  @inlinable
  mutating func receive(_ value: UpstreamValue3<A, B, C>, from index: Int) -> (A, B, C)? {
    let consuming = Rule.consumesValues
    switch value {
    case .first(let a): first.keep(a, consuming: consuming)
    case .second(let b): second.keep(b, consuming: consuming)
    case .third(let c): third.keep(c, consuming: consuming)
    }
    guard progress.received(from: index), let a = first.take(consuming: consuming),
      let b = second.take(consuming: consuming), let c = third.take(consuming: consuming)
    else { return nil }
    if consuming { progress.outputTaken() }
    return (a, b, c)
  }
}
