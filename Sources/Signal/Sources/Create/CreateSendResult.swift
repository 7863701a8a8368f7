/// What a ``Publishers/Create`` source's `send` or `trySend` did with a value.
///
/// ```swift
/// switch subscriber.trySend(reading) {
/// case .enqueued: break
/// case .dropped: droppedReadings += 1      // .dropOldest / .dropNewest: the buffer was full
/// case .full: pending.append(reading)      // .suspend: try again later, or `await send`
/// case .terminated: sensor.stop()          // nobody listens any more
/// }
/// ```
public enum CreateSendResult: Sendable, Hashable {
  /// The value waits in the subscriber's buffer (or went straight to a waiting subscriber).
  case enqueued
  /// The buffer was full, so one value was lost as the buffering policy says: the new one
  /// (`.dropNewest`), or the oldest waiting one to make room for the new one (`.dropOldest`).
  case dropped
  /// The `.suspend` buffer is full and the value was not taken (`trySend`, or a `send` whose
  /// task was cancelled while it waited). `await send` waits for room instead.
  case full
  /// The stream is over (finished, failed, or the subscriber went away): the value was ignored.
  case terminated
}
