/// The rules of ``Publisher/prefix(untilOutputFrom:)``: every upstream value passes until the
/// companion's first value, which finishes the stream. The companion ending without a value
/// (finished or failed) changes nothing but stops reading it.
@usableFromInline
struct PrefixUntilOutputLogic<Value: Sendable, CompanionFailure: Error, Failure: Error>: CompanionLogic {
  @usableFromInline typealias Companion = Void
  @usableFromInline typealias Output = Value

  @inlinable
  init() {}

  @inlinable
  mutating func receive(_ value: Value) -> Value? { value }

  @inlinable
  mutating func receiveCompanion(_ value: Void) -> CompanionVerdict<Failure> { .complete(.finished) }

  @inlinable
  mutating func companionEnded(_ completion: Completion<CompanionFailure>) -> CompanionVerdict<Failure> { .release }
}
