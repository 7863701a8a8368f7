import HollowKit

/// The search screen as lines: the query being typed (with the 30-character limit's warning at
/// the input), what is searched (posts, or posts and comments: Tab), then the results of the last
/// search with the keywords highlighted and each post's matching comments under it, scrolled
/// like the feed, and what comes after them (more as you scroll, or the end).
///
/// ```swift
/// let (lines, top) = SearchView.lines(state, size: size, top: 0, theme: theme, message: nil)
/// ```
enum SearchView {
  /// What the query row starts with (the terminal's cursor goes after the query).
  static let queryPrefix = " search: "

  static func lines(
    _ state: SearchState, size: ScreenSize, top: Int, theme: ReaderTheme, message: ReaderMessage?,
    reads: ReadState = ReadState(), unread: String? = nil
  ) -> (lines: [TerminalText], top: Int) {
    let status = ReaderChrome.statusLine(
      state.status, message: message, hint: "Esc back ", theme: theme, width: size.columns, notice: unread)
    let rows = ReaderChrome.bodyRows(size, statusRows: status.count)
    var query = [Span(queryPrefix, .dim), Span(state.query), Span("█", .dim)]
    if state.isTooLong {
      query.append(Span("  \(APILimits.maximumKeywordLength) characters at most", .warning))
    }
    let scope = state.includeComments ? "posts and comments" : "posts only"
    var body: [TerminalText] = [
      theme.painter.line(query), theme.painter.line([Span(" in \(scope) · Tab switches", .dim)]), "",
    ]
    var newTop = 0
    if state.results.isEmpty {
      body.append(theme.painter.line([Span("  " + note(state), .dim)]))
    } else {
      let count = state.results.count
      let window = ListWindow.lines(
        count: count + 1, selected: state.cursor, top: top, height: max(0, rows - body.count)
      ) { index in
        guard index < count else { return [theme.painter.line([Span("  " + footer(state), .dim)])] }
        let post = state.results[index]
        return PostBlock.lines(
          post, selected: index == state.cursor, quotes: state.quotes, images: state.images,
          theme: theme, width: size.columns, keywords: state.keywords, matchingComments: state.comments[post.pid] ?? [],
          mark: reads.mark(for: post))
      }
      body += window.lines
      newTop = window.top
    }
    return (ReaderChrome.compose(title: title(state), body: body, status: status, theme: theme, size: size), newTop)
  }

  /// "hollow · search", then once a query was searched, its text and the results so far: a
  /// total only at the end ("30+ results" while more pages may come).
  static func title(_ state: SearchState) -> String {
    guard let searched = state.resultsQuery, !searched.isEmpty else { return "hollow · search" }
    let count = state.results.count
    let results =
      state.isAtEnd || count == 0
      ? RenderContext.count(count, "result", "results") : "\(count)+ results"
    return "hollow · search \"\(searched)\" · \(results)"
  }

  /// Where there are no results yet: how to start, that it searches, or that nothing matched.
  private static func note(_ state: SearchState) -> String {
    if state.current.text.isEmpty { return "type to search; ↑/↓ choose, Enter opens, Tab comments too, Esc back" }
    if state.isTooLong { return "shorten the query to search" }
    if state.isSearching { return "searching…" }
    if case .lethal = state.snapshot?.phase { return "the search failed: see the status line (M shows it whole)" }
    let none = "no posts match \"\(state.resultsQuery ?? "")\""
    return state.includeComments ? none : none + " · Tab searches comments too"
  }

  /// Under the last result: the end, the next page loading, a failed page, or more to come.
  private static func footer(_ state: SearchState) -> String {
    guard let snapshot = state.snapshot else { return "" }
    if state.isAtEnd { return "— end of the results —" }
    if snapshot.isLoading { return "loading more…" }
    if case .failed(let error) = snapshot.phase { return "could not load more: \(error.kind.description)" }
    return "↓ more"
  }
}
