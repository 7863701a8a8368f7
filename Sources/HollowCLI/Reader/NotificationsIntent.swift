/// What the user (or the reader) asks of the notifications.
///
/// ```swift
/// notifications.send(.show)       // m: the screen opens, page 1 is asked again
/// notifications.send(.move(by: 1))  // j
/// ```
enum NotificationsIntent: Sendable, Equatable {
  /// Page 1 in the background: the status line's unread count (at start, and with the feed's
  /// refresh), unless the server has no notifications.
  case load
  /// The screen opens: page 1 again, and everything on it is seen.
  case show
  /// The screen closes.
  case hide
  /// Page 1 again (`r`).
  case refresh
  /// Moves the cursor; near the end the next page loads.
  case move(by: Int)
  case top
  case bottom
}
