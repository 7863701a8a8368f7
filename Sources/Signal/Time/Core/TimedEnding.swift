/// How a timed subscription ended.
@usableFromInline
enum TimedEnding<Failure: Error>: Sendable {
  case finished
  case failure(Failure)
  /// A timer ran out (timeout); the operator decides what that means.
  case timedOut
  /// The consumer cancelled or dropped its iterator.
  case cancelled
}
