/// The `L` menu as lines over the whole screen: each address numbered, where it was found, the
/// selected one marked; a pure function of the ``LinkMenu``.
///
/// ```swift
/// let lines = LinkMenuView.lines(menu, size: size, theme: theme)
/// ```
enum LinkMenuView {
  static func lines(_ menu: LinkMenu, size: ScreenSize, theme: ReaderTheme) -> [TerminalText] {
    let rows = ReaderChrome.bodyRows(size)
    let width = max(RenderContext.minimumTextWidth, size.columns - 8)
    let window = ListWindow.lines(count: menu.items.count, selected: menu.cursor, top: 0, height: max(0, rows - 1)) {
      index in
      let item = menu.items[index]
      let number = index < 9 ? "\(index + 1)" : " "
      let gutter =
        index == menu.cursor
        ? theme.painter.line([Span(String(PostBlock.selectedMark), .pid), Span(" ")]) : TerminalText("  ")
      let wrapped = TextWrapper(width: width).wrap([Span(item.url, .link(item.url))])
      var lines = wrapped.enumerated().map { row, spans in
        gutter + theme.painter.line([Span(row == 0 ? number + "  " : "   ", .pid)] + spans)
      }
      lines.append(gutter + theme.painter.line([Span("   "), Span(item.source, .dim)]))
      return lines
    }
    let body: [TerminalText] = [""] + window.lines
    let status = [theme.painter.line([Span(" Enter or 1-9 opens (xdg-open) · j/k choose · Esc closes", .dim)])]
    let title = "hollow · links in #\(menu.pid) · \(menu.items.count)"
    return ReaderChrome.compose(title: title, body: body, status: status, theme: theme, size: size)
  }
}
