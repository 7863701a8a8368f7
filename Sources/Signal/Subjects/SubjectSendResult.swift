/// What ``PassthroughSubject/trySend(_:)`` (and the other subjects' `trySend`) did.
public enum SubjectSendResult: Sendable, Hashable {
  /// Every subscriber received the value (a `.dropOldest` / `.dropNewest` subscriber per its policy).
  case delivered
  /// A `.suspend` subscriber's buffer is full: no subscriber received the value.
  case full
  /// The subject has completed: the value was ignored.
  case completed
}
