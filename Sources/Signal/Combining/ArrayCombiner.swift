/// The consumer's side of a ``Publishers/CombiningMany``.
@usableFromInline
struct ArrayCombiner<Value: Sendable, Rule: CombiningRule>: UpstreamsCombiner {
  @usableFromInline var progress: CombiningProgress
  @usableFromInline var slots: [CombiningSlot<Value>]

  @inlinable
  init(upstreams: Int) {
    progress = CombiningProgress(upstreams: upstreams, consumesValues: Rule.consumesValues)
    slots = Array(repeating: CombiningSlot(), count: upstreams)
  }

  @inlinable
  mutating func receive(_ value: Value, from index: Int) -> [Value]? {
    let consuming = Rule.consumesValues
    slots[index].keep(value, consuming: consuming)
    guard progress.received(from: index) else { return nil }
    var output: [Value] = []
    output.reserveCapacity(slots.count)
    for index in slots.indices {
      guard let value = slots[index].take(consuming: consuming) else { return nil }
      output.append(value)
    }
    if consuming { progress.outputTaken() }
    return output
  }
}
