/// A non-`Sendable` value moving from the one task that owned it to the next one, where the
/// compiler's region analysis cannot follow the move: an upstream iterator given back to its
/// ``UpstreamSubscription`` after a task pulled it, for the next task that takes the pull role.
@usableFromInline
struct Handoff<Value>: @unchecked Sendable {
  // @unchecked: the value is owned by one task at a time; the state machine that passes the
  // role (FlatMapStateMachine.isPulling) never lets two tasks hold it at once, which
  // FlatMapStateMachineTests check, and the TSan run of the flatMap stress tests would see two
  // tasks touching the iterator.
  @usableFromInline let value: Value

  @inlinable
  init(_ value: consuming Value) {
    self.value = value
  }
}
