/// The rows around every screen: a title bar on top and the status line at the bottom, with the
/// content between them.
///
/// ```swift
/// let lines = ReaderChrome.compose(title: "timeline · 30 posts", body: body, status: status, theme: theme, size: size)
/// ```
enum ReaderChrome {
  /// The rows left for content on a screen of `size`.
  static func bodyRows(_ size: ScreenSize) -> Int {
    max(0, size.rows - 2)
  }

  /// The status line: the data's status, then the last action's message (if any), then the
  /// notice (the unread notifications) and the hint on the right.
  static func statusLine(
    _ status: ReaderStatus, message: ReaderMessage?, hint: String, theme: ReaderTheme, width: Int,
    notice: String? = nil
  ) -> TerminalText {
    var spans = [Span(" " + status.text(theme.time), status.isProblem ? .warning : .dim)]
    if let message { spans.append(Span(" · " + message.text, message.isError ? .warning : .plain)) }
    let left = theme.painter.line(spans)
    let right = theme.painter.line((notice.map { [Span($0, .poster), Span("  ")] } ?? []) + [Span(hint, .dim)])
    let room = width - left.columns - right.columns - 1
    guard room > 0 else { return left }
    return left + TerminalText(String(repeating: " ", count: room)) + right
  }

  /// Title, body (cut or padded to the rows between), status.
  static func compose(title: String, body: [TerminalText], status: TerminalText, theme: ReaderTheme, size: ScreenSize)
    -> [TerminalText]
  {
    let rows = bodyRows(size)
    let padded = " " + title
    let titleLine = theme.bar(padded + String(repeating: " ", count: max(0, size.columns - DisplayWidth.of(padded))))
    var lines = [titleLine] + body.prefix(rows)
    lines += Array(repeating: TerminalText.empty, count: max(0, rows - body.count))
    if size.rows >= 2 { lines.append(status) }
    return Array(lines.prefix(size.rows))
  }
}
