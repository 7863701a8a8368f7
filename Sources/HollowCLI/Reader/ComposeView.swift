/// The compose prompt as the bottom rows of the screen: a row naming what is written and the
/// keys (`comment on #42 · Enter sends · …`), then the draft on one row, scrolled sideways so the
/// caret is always in view (a newline shows as `↵`, a tab as a space), and the column of the
/// caret, where the terminal's own cursor goes (input methods put their candidate window there,
/// screen readers follow it). Work per frame is linear in the draft, nothing more.
///
/// ```swift
/// let prompt = ComposeView.lines(state, width: 80, theme: theme)
/// lines.replaceSubrange((lines.count - prompt.lines.count)..., with: prompt.lines)
/// ```
enum ComposeView {
  /// What the draft row starts with, before the text.
  static let marker = " › "
  /// When the start of the draft is scrolled out of view.
  static let scrolledMarker = " ‹ "

  static func lines(_ state: ComposeState, width: Int, theme: ReaderTheme) -> (lines: [TerminalText], caret: Int) {
    let painter = theme.painter
    let title = " \(state.label) "
    let label = painter.line([Span(title, .pid), Span("· " + state.hint, .dim)])
    // A vote has no text: one row, the cursor after its options.
    if case .vote = state.purpose { return ([label], min(max(0, width - 1), DisplayWidth.of(title))) }
    let (spans, caret) = window(state.draft, columns: max(1, width - DisplayWidth.of(marker) - 1))
    let row = painter.line([Span(caret.scrolled ? scrolledMarker : marker, .dim)] + spans)
    return ([label, row], DisplayWidth.of(marker) + caret.column)
  }

  /// How a character of the draft is shown, and its columns.
  private static func shown(_ character: Character) -> (text: String, columns: Int, isNewline: Bool) {
    switch character {
    case "\n", "\r\n": ("↵", 1, true)
    case "\t": (" ", 1, false)
    default: (String(character), DisplayWidth.of(character), false)
    }
  }

  /// The part of `draft` that fits `columns` with the caret in view: from the start when the caret
  /// fits there, else ending just after the caret.
  static func window(_ draft: EditableText, columns: Int) -> (spans: [Span], caret: (column: Int, scrolled: Bool)) {
    let characters = draft.characters
    let caret = draft.caret
    // The caret's own cell is the last column: the text before it gets the rest.
    let room = columns - 1
    var start = 0
    if characters[..<caret].reduce(0, { $0 + shown($1).columns }) > room {
      // Walk back from the caret while the text still fits: where the scrolled window starts.
      var used = 0
      start = caret
      while start > 0, used + shown(characters[start - 1]).columns <= room {
        used += shown(characters[start - 1]).columns
        start -= 1
      }
    }
    var spans: [Span] = []
    var plain = ""
    var filled = 0
    var caretColumn = 0
    var position = start
    while position < characters.count {
      let (text, width, isNewline) = shown(characters[position])
      if filled + width > columns { break }
      if position == caret { caretColumn = filled }
      if isNewline {
        if !plain.isEmpty { spans.append(Span(plain)) }
        plain = ""
        spans.append(Span(text, .dim))
      } else {
        plain += text
      }
      filled += width
      position += 1
    }
    if caret >= position { caretColumn = filled }
    if !plain.isEmpty { spans.append(Span(plain)) }
    return (spans, (caretColumn, start > 0))
  }
}
