/// The rows around every screen: a title bar on top and the status line at the bottom (two rows
/// when the last message needs them), with the content between them.
///
/// ```swift
/// let status = ReaderChrome.statusLine(.fresh, message: nil, hint: "? help ", theme: theme, width: 80)
/// let lines = ReaderChrome.compose(title: "timeline · 30 posts", body: body, status: status, theme: theme, size: size)
/// ```
enum ReaderChrome {
  /// The rows left for content on a screen of `size` under a status line of `statusRows` rows.
  static func bodyRows(_ size: ScreenSize, statusRows: Int = 1) -> Int {
    max(0, size.rows - 1 - max(1, statusRows))
  }

  /// The status line: the data's status, then the last action's message (if any), then the
  /// notice (the unread notifications) and the hint on the right.
  /// What is too long for one row wraps to a second (the hint then goes); what is too long for
  /// two ends with `… M shows all` (``ReaderMessage`` puts a failure's short reason first, so
  /// the cut keeps it).
  static func statusLine(
    _ status: ReaderStatus, message: ReaderMessage?, hint: String, theme: ReaderTheme, width: Int,
    notice: String? = nil
  ) -> [TerminalText] {
    var spans = [Span(" " + status.text(theme.time), status.isProblem ? .warning : .dim)]
    if let message { spans.append(Span(" · " + message.text, message.isError ? .warning : .plain)) }
    let left = theme.painter.line(spans)
    let right = theme.painter.line((notice.map { [Span($0, .poster), Span("  ")] } ?? []) + [Span(hint, .dim)])
    let room = width - left.columns - right.columns - 1
    if room > 0 {
      return [left + TerminalText(String(repeating: " ", count: room)) + right]
    }
    guard width > 0 else { return [left] }
    let more = " … M shows all"
    let wrapped = TextWrapper(width: width).wrap(spans, maximumLines: 2)
    guard wrapped.hiddenLines > 0, wrapped.lines.count == 2, width > DisplayWidth.of(more) + 1 else {
      return wrapped.lines.map { theme.painter.line($0) }
    }
    // The second row makes room for the pointer to the whole message.
    let cut = TextWrapper(width: width - DisplayWidth.of(more)).wrap(wrapped.lines[1], maximumLines: 1)
    return [theme.painter.line(wrapped.lines[0]), theme.painter.line((cut.lines.first ?? []) + [Span(more, .dim)])]
  }

  /// Title, body (cut or padded to the rows between), status (one or two rows).
  static func compose(
    title: String, body: [TerminalText], status: [TerminalText], theme: ReaderTheme, size: ScreenSize
  ) -> [TerminalText] {
    let rows = bodyRows(size, statusRows: status.count)
    let padded = " " + title
    let titleLine = theme.bar(padded + String(repeating: " ", count: max(0, size.columns - DisplayWidth.of(padded))))
    var lines = [titleLine] + body.prefix(rows)
    lines += Array(repeating: TerminalText.empty, count: max(0, rows - body.count))
    if size.rows >= 2 { lines += status.suffix(max(1, size.rows - 1)) }
    return Array(lines.prefix(size.rows))
  }
}
