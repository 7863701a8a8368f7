/// The notifications on the reader's stack: how far the list is scrolled. What it shows is the
/// notifications model's published state, kept in ``ReaderShown`` (the status line counts the
/// unread on every screen).
///
/// ```swift
/// navigation.push(.notifications(NotificationsScreen()))
/// ```
struct NotificationsScreen: Sendable {
  /// The first message shown.
  var top = 0
}
