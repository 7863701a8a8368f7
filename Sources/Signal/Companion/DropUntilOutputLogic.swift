/// The rules of ``Publisher/drop(untilOutputFrom:)``: upstream values are dropped until the
/// companion's first value, and pass from then on (the companion is no longer read). The
/// companion ending before its first value ends the stream the same way, as in Combine.
@usableFromInline
struct DropUntilOutputLogic<Value: Sendable, Failure: Error>: CompanionLogic {
  @usableFromInline typealias Companion = Void
  @usableFromInline typealias CompanionFailure = Failure
  @usableFromInline typealias Output = Value

  @usableFromInline var isOpen = false

  @inlinable
  init() {}

  @inlinable
  mutating func receive(_ value: Value) -> Value? { isOpen ? value : nil }

  @inlinable
  mutating func receiveCompanion(_ value: Void) -> CompanionVerdict<Failure> {
    isOpen = true
    return .release
  }

  @inlinable
  mutating func companionEnded(_ completion: Completion<Failure>) -> CompanionVerdict<Failure> { .complete(completion) }
}
