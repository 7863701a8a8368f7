/// The rules of an operator that reads a second publisher, its companion, beside its upstream:
/// `withLatestFrom` (the companion's latest value joins each upstream value),
/// `prefix(untilOutputFrom:)` (the companion's first value ends the stream) and
/// `drop(untilOutputFrom:)` (the companion's first value opens it).
///
/// A plain struct with no locks or tasks, kept inside a ``CompanionStateMachine`` under its
/// storage's lock: the upstream's values and the companion's events come from two tasks, and
/// the rules see them one at a time, in the order they reached the operator.
@usableFromInline
protocol CompanionLogic: Sendable {
  /// The upstream's output.
  associatedtype Value: Sendable
  /// What the rules need of the companion's output (`Void` when only its arrival counts).
  associatedtype Companion: Sendable
  /// The companion's failure.
  associatedtype CompanionFailure: Error
  /// What the consumer receives for an upstream value that is not dropped.
  associatedtype Output: Sendable
  /// The operator's failure (the upstream's).
  associatedtype Failure: Error

  /// The upstream produced `value`: the output to deliver, or `nil` to drop the value.
  mutating func receive(_ value: Value) -> Output?

  /// The companion produced `value`.
  mutating func receiveCompanion(_ value: Companion) -> CompanionVerdict<Failure>

  /// The companion ended. It is never called after a verdict other than
  /// ``CompanionVerdict/listen``: the companion is no longer read then.
  mutating func companionEnded(_ completion: Completion<CompanionFailure>) -> CompanionVerdict<Failure>
}
