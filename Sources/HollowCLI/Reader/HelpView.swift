/// The help overlay: every key of ``ReaderKeyMap/help`` in two columns, then the keys the config
/// file's `[keys]` adds (without the blank lines when they would not fit), scrolled by
/// ``PagerView`` (j/k/space; any other key closes it).
///
/// ```swift
/// let (lines, offset) = HelpView.lines(size: size, theme: theme, offset: 0)
/// ```
enum HelpView {
  static let title = "hollow · keys"

  /// The help's rows for `width` columns, before scrolling: a meaning too long for its column
  /// wraps under itself.
  static func body(theme: ReaderTheme, keys: KeyBindings = KeyBindings(), width: Int = 80) -> [TerminalText] {
    let keyWidth = ReaderKeyMap.help.map { DisplayWidth.of($0.keys) }.max() ?? 0
    let indent = String(repeating: " ", count: keyWidth + 4)
    let wrapper = TextWrapper(width: max(10, width - indent.count))
    var body: [TerminalText] = [""]
    for (keys, meaning) in ReaderKeyMap.help {
      let padding = String(repeating: " ", count: keyWidth - DisplayWidth.of(keys) + 2)
      for (index, line) in wrapper.wrap(meaning).enumerated() {
        let lead = index == 0 ? [Span("  "), Span(keys, .pid), Span(padding)] : [Span(indent)]
        body.append(theme.painter.line(lead + line))
      }
    }
    if !keys.listed.isEmpty {
      let added = keys.listed.map { "\($0.key) \($0.command)" }.joined(separator: " · ")
      body += ["", theme.painter.line([Span("  config.toml [keys]: ", .dim), Span(added)])]
    }
    return body
  }

  /// The help scrolled to `offset` (clamped: the answer's offset).
  static func lines(size: ScreenSize, theme: ReaderTheme, keys: KeyBindings = KeyBindings(), offset: Int = 0)
    -> (lines: [TerminalText], offset: Int)
  {
    var body = body(theme: theme, keys: keys, width: size.columns)
    // The blank lines go first when the keys would not fit.
    if body.count > ReaderChrome.bodyRows(size) { body.removeAll { $0 == "" } }
    return PagerView.lines(title: title, body: body, offset: offset, theme: theme, size: size)
  }
}
