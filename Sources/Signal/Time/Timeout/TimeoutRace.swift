/// How one of ``withTimeout(_:tolerance:clock:isolation:operation:)``'s two child tasks ended.
enum TimeoutRace<Success: Sendable, Failure: Error>: Sendable {
  /// The operation returned or threw.
  case finished(Result<Success, TimeoutFailure<Failure>>)
  /// The sleep reached the deadline.
  case deadlinePassed
  /// The sleep was cancelled or failed before the deadline.
  case sleepInterrupted
}
