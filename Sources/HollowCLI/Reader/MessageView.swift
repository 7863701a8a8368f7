/// `M`: the last message and the status line's words, whole and wrapped to the width, for what
/// the status line had to cut (a server's reason after a long error).
///
/// ```swift
/// let (lines, offset) = MessageView.lines(message, status: .fresh, size: size, theme: theme, offset: 0)
/// ```
enum MessageView {
  static func lines(
    _ message: ReaderMessage?, status: ReaderStatus, size: ScreenSize, theme: ReaderTheme, offset: Int
  ) -> (lines: [TerminalText], offset: Int) {
    let wrapper = TextWrapper(width: max(1, size.columns - 2))
    func block(_ label: String, _ text: String, _ style: TextStyle) -> [TerminalText] {
      [theme.painter.line([Span(" " + label, .dim)])]
        + wrapper.wrap([Span(text, style)]).map { theme.painter.line([Span("  ")] + $0) }
    }
    var body: [TerminalText] = [""]
    if let message {
      body += block("last message", message.text, message.isError ? .warning : .plain)
    } else {
      body += block("last message", "none yet", .dim)
    }
    body += [""] + block("status", status.text(theme.time), status.isProblem ? .warning : .plain)
    return PagerView.lines(title: "hollow · message", body: body, offset: offset, theme: theme, size: size)
  }
}
