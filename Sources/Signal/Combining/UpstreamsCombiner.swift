/// What a combining publisher does with its upstreams' events, on the consumer's side (no
/// lock: only the iterating task touches it). One conformer per arity; the rule decides the rest.
@usableFromInline
protocol UpstreamsCombiner {
  associatedtype Value: Sendable
  associatedtype Output
  associatedtype Rule: CombiningRule
  var progress: CombiningProgress { get set }
  /// Takes one value from upstream `index`; returns an output if one is ready.
  mutating func receive(_ value: Value, from index: Int) -> Output?
}

extension UpstreamsCombiner {
  /// `true` when a value's room is free once the consumer has drained it (`combineLatest`
  /// keeps only the latest value); `false` when the room comes back one output at a time
  /// (`zip` holds values until a tuple can be formed).
  @inlinable static var refundsOnDrain: Bool { !Rule.consumesValues }
}
