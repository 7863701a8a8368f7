/// The rules of one time operator (debounce, throttle, delay, timeout, collect), written as
/// a plain struct over virtual instants: no locks, tasks or clocks. ``TimedStorage`` runs it:
/// it pumps upstream into ``receive(_:at:into:)``, sleeps until ``deadline`` and then calls
/// ``advance(to:into:)``, and hands what the rules emit to the consumer.
///
/// The contract that keeps every operator deterministic under a test clock:
/// - every instant passed in is the clock's `now` at the event, and never decreases;
/// - before an upstream event at `now`, the storage calls ``advance(to:into:)`` if the
///   deadline is at or before `now`: a timer due at an instant fires before an event at it;
/// - after ``advance(to:into:)``, ``deadline`` is `nil` or later than `now`, so a timer
///   that fires late does the same as one that fired on time, only later.
///
/// The core is `@usableFromInline` and its per-value paths `@inlinable` so that they are
/// specialized for the client's concrete types, like every other operator: unspecialized,
/// each value went through the runtime's generic metadata lookups (see the Time guide,
/// Sources/Signal/Signal.docc/Guides/Time.md).
@usableFromInline
protocol TimedLogic: Sendable {
  associatedtype Input: Sendable
  associatedtype Output: Sendable
  associatedtype Instant: InstantProtocol

  /// When the rules next need ``advance(to:into:)``; `nil` while no timer is needed.
  var deadline: Instant? { get }

  /// How many values the rules hold back; the storage stops reading upstream while this
  /// plus the emitted values not yet consumed reach its buffer limit.
  var backlog: Int { get }

  /// The subscription starts reading upstream at `now`.
  mutating func start(at now: Instant)

  /// The storage is about to ask upstream for its next value.
  mutating func willRequest(at now: Instant)

  /// Upstream produced `input` at `now`.
  mutating func receive(_ input: Input, at now: Instant, into outputs: inout TimedOutputs<Output>)

  /// Time reached `now`, which is at or after ``deadline``.
  mutating func advance(to now: Instant, into outputs: inout TimedOutputs<Output>)

  /// Upstream finished at `now`. The stream finishes once ``deadline`` is `nil`: rules that
  /// still have timed work (a delay's values in flight) keep their deadline until it is done.
  mutating func finish(at now: Instant, into outputs: inout TimedOutputs<Output>)
}

extension TimedLogic {
  @inlinable var backlog: Int { 0 }
  @inlinable mutating func start(at now: Instant) {}
  @inlinable mutating func willRequest(at now: Instant) {}
}
