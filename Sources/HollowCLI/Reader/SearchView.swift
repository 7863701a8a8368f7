/// The search screen as lines: the query being typed, then the results of the last search (with
/// the keywords highlighted), scrolled like the feed.
///
/// ```swift
/// let (lines, top) = SearchView.lines(state, size: size, top: 0, theme: theme, message: nil)
/// ```
enum SearchView {
  /// What the query row starts with (the terminal's cursor goes after the query).
  static let queryPrefix = " search: "

  static func lines(
    _ state: SearchState, size: ScreenSize, top: Int, theme: ReaderTheme, message: ReaderMessage?,
    reads: ReadState = ReadState(), notice: String? = nil
  ) -> (lines: [TerminalText], top: Int) {
    let rows = ReaderChrome.bodyRows(size)
    let queryLine = theme.painter.line([Span(queryPrefix, .dim), Span(state.query), Span("█", .dim)])
    var body: [TerminalText] = [queryLine, ""]
    var newTop = 0
    if state.results.isEmpty {
      let note: String
      if SearchQuery.normalized(state.query).isEmpty {
        note = "type to search; ↑/↓ choose, Enter opens, Esc goes back"
      } else if state.isSearching {
        note = "searching…"
      } else {
        note = "no posts match \"\(state.resultsQuery ?? "")\""
      }
      body.append(theme.painter.line([Span("  " + note, .dim)]))
    } else {
      let window = ListWindow.lines(
        count: state.results.count, selected: state.cursor, top: top, height: max(0, rows - body.count)
      ) { index in
        PostBlock.lines(
          state.results[index], selected: index == state.cursor, quotes: state.quotes, images: state.images,
          theme: theme, width: size.columns, keywords: state.keywords, mark: reads.mark(for: state.results[index]))
      }
      body += window.lines
      newTop = window.top
    }
    let count = RenderContext.count(state.results.count, "result", "results")
    let title = "hollow · search" + (state.resultsQuery.map { " \"\($0)\" · \(count)" } ?? "")
    let status = ReaderChrome.statusLine(
      state.status, message: message, hint: "Esc back ", theme: theme, width: size.columns, notice: notice)
    return (ReaderChrome.compose(title: title, body: body, status: status, theme: theme, size: size), newTop)
  }
}
