/// A scrolled page of lines under a title: the overlays' view (``ReaderOverlay``). The status
/// line says which rows show and how to scroll; a page that fits says only how to close it.
///
/// ```swift
/// let (lines, offset) = PagerView.lines(title: "hollow · keys", body: body, offset: 3, theme: theme, size: size)
/// ```
enum PagerView {
  static func lines(title: String, body: [TerminalText], offset: Int, theme: ReaderTheme, size: ScreenSize)
    -> (lines: [TerminalText], offset: Int)
  {
    let rows = ReaderChrome.bodyRows(size)
    let offset = max(0, min(offset, body.count - rows))
    let shown = Array(body.dropFirst(offset).prefix(rows))
    let text =
      body.count <= rows
      ? " any key closes"
      : " \(offset + 1)-\(offset + shown.count)/\(body.count) · j/k space/b scroll · any other key closes"
    let status = theme.painter.line([Span(text, .dim)]).clipped(toColumns: size.columns)
    return (ReaderChrome.compose(title: title, body: shown, status: [status], theme: theme, size: size), offset)
  }
}
