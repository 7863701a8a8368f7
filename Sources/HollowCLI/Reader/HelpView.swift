/// The help overlay: every key of ``ReaderKeyMap/help`` in two columns.
enum HelpView {
  static func lines(size: ScreenSize, theme: ReaderTheme) -> [TerminalText] {
    let keyWidth = ReaderKeyMap.help.map { DisplayWidth.of($0.keys) }.max() ?? 0
    var body: [TerminalText] = [""]
    for (keys, meaning) in ReaderKeyMap.help {
      let padding = String(repeating: " ", count: keyWidth - DisplayWidth.of(keys) + 2)
      body.append(theme.painter.line([Span("  "), Span(keys, .pid), Span(padding + meaning)]))
    }
    let status = theme.painter.line([Span(" any key closes the help", .dim)])
    return ReaderChrome.compose(title: "hollow · keys", body: body, status: status, theme: theme, size: size)
  }
}
