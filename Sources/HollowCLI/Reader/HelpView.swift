/// The help overlay: every key of ``ReaderKeyMap/help`` in two columns, then the keys the config
/// file's `[keys]` adds; without the blank lines when they would not fit.
enum HelpView {
  static func lines(size: ScreenSize, theme: ReaderTheme, keys: KeyBindings = KeyBindings()) -> [TerminalText] {
    let keyWidth = ReaderKeyMap.help.map { DisplayWidth.of($0.keys) }.max() ?? 0
    var body: [TerminalText] = [""]
    for (keys, meaning) in ReaderKeyMap.help {
      let padding = String(repeating: " ", count: keyWidth - DisplayWidth.of(keys) + 2)
      body.append(theme.painter.line([Span("  "), Span(keys, .pid), Span(padding + meaning)]))
    }
    if !keys.listed.isEmpty {
      let added = keys.listed.map { "\($0.key) \($0.command)" }.joined(separator: " · ")
      body += ["", theme.painter.line([Span("  config.toml [keys]: ", .dim), Span(added)])]
    }
    // The blank lines go first when the keys would not fit.
    if body.count > ReaderChrome.bodyRows(size) { body.removeAll { $0 == "" } }
    let status = theme.painter.line([Span(" any key closes the help", .dim)])
    return ReaderChrome.compose(title: "hollow · keys", body: body, status: status, theme: theme, size: size)
  }
}
