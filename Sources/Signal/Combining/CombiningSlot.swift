/// What a combining publisher keeps of one upstream's values: the values not yet used
/// (`zip`), or the latest one (`combineLatest`).
@usableFromInline
struct CombiningSlot<Value> {
  @usableFromInline var queued = RingBuffer<Value>()
  @usableFromInline var latest: Value?

  @inlinable
  init() {}

  @inlinable
  mutating func keep(_ value: Value, consuming: Bool) {
    if consuming { queued.append(value) } else { latest = value }
  }

  /// The value for the next output: `nil` only if the slot is empty, which
  /// ``CombiningProgress`` rules out before an output is made.
  @inlinable
  mutating func take(consuming: Bool) -> Value? {
    consuming ? queued.popFirst() : latest
  }
}
