/// What a key means on the notifications screen, and the status line's note about them: the one
/// place the reader's notifications meet its keys and chrome. Keys it does not take (`t`, `?`,
/// `q`...) keep their meaning everywhere.
///
/// ```swift
/// NotificationsKeys.action(for: .character("j"))  // .send(.move(by: 1))
/// NotificationsKeys.notice(state)                 // "3 unread (m)"
/// ```
enum NotificationsKeys {
  enum Action: Sendable, Equatable {
    case send(NotificationsIntent)
    /// The selected message's post.
    case open
    case back
  }

  static func action(for key: Key) -> Action? {
    switch key {
    case .character("j"), .down, .wheelDown: .send(.move(by: 1))
    case .character("k"), .up, .wheelUp: .send(.move(by: -1))
    case .character(" "), .pageDown, .control("f"): .send(.move(by: 5))
    case .character("b"), .pageUp, .control("b"): .send(.move(by: -5))
    case .character("g"), .home: .send(.top)
    case .character("G"), .end: .send(.bottom)
    case .character("r"): .send(.refresh)
    case .enter, .character("l"), .right: .open
    case .escape, .character("h"), .left, .character("q"), .character("m"): .back
    default: nil
    }
  }

  /// "3 unread (m)" while notifications are unread; nil otherwise (and where there are none).
  static func notice(_ state: NotificationsState) -> String? {
    guard state.availability == .available, state.unread > 0 else { return nil }
    // Every loaded message unread and more pages to come: there may be more.
    let more = state.unread == state.messages.count && !state.endReached
    return "\(state.unread)\(more ? "+" : "") unread (m)"
  }
}
