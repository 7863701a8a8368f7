import HollowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The notifications screen as lines: a pure function of the ``NotificationsState``, the screen
/// size and where the list was scrolled to. Each message is a block: its kind, post and time (and
/// "new" when it came since the screen was last shown), its title, then its text.
///
/// ```swift
/// let (lines, top) = NotificationsView.lines(state, size: size, top: 0, theme: theme, message: nil)
/// ```
enum NotificationsView {
  static func lines(
    _ state: NotificationsState, size: ScreenSize, top: Int, theme: ReaderTheme, message: ReaderMessage?
  ) -> (lines: [TerminalText], top: Int) {
    let rows = ReaderChrome.bodyRows(size)
    let count = state.messages.count
    var body: [TerminalText]
    var newTop = 0
    if count == 0 {
      body = ["", theme.painter.line([Span("  " + placeholder(state), .dim)])]
    } else {
      let window = ListWindow.lines(count: count + 1, selected: state.cursor, top: top, height: rows) { index in
        guard index < count else { return [theme.painter.line([Span("  " + footer(state), .dim)])] }
        return block(
          state.messages[index], selected: index == state.cursor, isNew: state.messages[index].id > state.newAbove,
          theme: theme, width: size.columns)
      }
      body = window.lines
      newTop = window.top
    }
    let title =
      "hollow · notifications · \(RenderContext.count(count, "message", "messages"))"
      + (count > 0 ? " · \(state.cursor + 1)/\(count)" : "")
    let status = ReaderChrome.statusLine(
      status(state), message: message, hint: "Enter open  h back ", theme: theme, width: size.columns)
    return (ReaderChrome.compose(title: title, body: body, status: status, theme: theme, size: size), newTop)
  }

  /// One message: "● reply · #40117  5 min ago · new", the title, the text (two lines at most).
  static func block(_ message: UserMessage, selected: Bool, isNew: Bool, theme: ReaderTheme, width: Int)
    -> [TerminalText]
  {
    let context = theme.context(
      width: max(RenderContext.minimumTextWidth, width - 2),
      limits: RenderLimits(
        textLines: 2, commentLines: 2, quotedTextLines: 1, otherLines: 2, pollOptions: 0, citedPosts: 0))
    var header = [Span(kind(message.kind), .tag)]
    if let pid = message.pid { header += [Span(" · "), Span("#\(pid)", .pid)] }
    header.append(
      Span("  " + context.time.string(for: Date(timeIntervalSince1970: TimeInterval(message.timestamp))), .dim))
    if isNew { header += [Span(" · ", .dim), Span("new", .poster)] }
    var lines = context.block(header)
    lines += context.block([Span(message.title)], prefix: PostRenderer.bodyPrefix)
    lines += context.text(message.body, prefix: PostRenderer.bodyPrefix, maximumLines: 2)
    let gutter =
      selected ? theme.painter.line([Span(String(PostBlock.selectedMark), .pid), Span(" ")]) : TerminalText("  ")
    return lines.map { gutter + $0 } + [.empty]
  }

  /// "reply", "followed post", "system", or several joined.
  static func kind(_ kind: UserMessage.Kind) -> String {
    var names: [String] = []
    if kind.contains(.reply) { names.append("reply") }
    if kind.contains(.followedPost) { names.append("followed post") }
    if kind.contains(.system) { names.append("system") }
    return names.isEmpty ? "notice" : names.joined(separator: " · ")
  }

  /// The screen's data status, for its status line.
  static func status(_ state: NotificationsState) -> ReaderStatus {
    switch state.phase {
    case .idle, .loaded: .fresh
    case .loading: .loading
    case .failed(let reason): .lethal(reason)
    }
  }

  private static func placeholder(_ state: NotificationsState) -> String {
    if state.availability == .unavailable { return "this server has no notifications for you" }
    switch state.phase {
    case .loading, .idle: return "loading notifications…"
    case .failed(let reason): return "could not load the notifications: \(reason) · r retries"
    case .loaded: return "no notifications"
    }
  }

  private static func footer(_ state: NotificationsState) -> String {
    if state.endReached { return "— end of notifications —" }
    if case .loading = state.phase { return "loading more…" }
    if case .failed(let reason) = state.phase { return "could not load more: \(reason) · r retries" }
    return "↓ more"
  }
}
