/// What a ``CompanionLogic`` decides about its companion after one of the companion's events.
@usableFromInline
enum CompanionVerdict<Failure: Error>: Sendable {
  /// Keep reading the companion.
  case listen
  /// Stop reading the companion: its subscription ends now, the stream goes on.
  case release
  /// End the stream with `completion` after the outputs already queued; the upstream and the
  /// companion are released.
  case complete(Completion<Failure>)
}
