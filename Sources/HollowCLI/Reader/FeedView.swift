import HollowKit

/// The feed screen as lines: a pure function of the ``FeedState``, the screen size, where the
/// list was scrolled to (it answers where it is scrolled to now) and whether the list is compact
/// (one line per post, ``CompactPostLine``).
///
/// ```swift
/// let (lines, top) = FeedView.lines(state, size: size, top: top, theme: theme, message: nil)
/// ```
enum FeedView {
  static func lines(
    _ state: FeedState, size: ScreenSize, top: Int, theme: ReaderTheme, message: ReaderMessage?, compact: Bool = false
  ) -> (lines: [TerminalText], top: Int) {
    let rows = ReaderChrome.bodyRows(size)
    let count = state.posts.count
    var (body, newTop) = ListWindow.lines(count: count + 1, selected: state.cursor, top: top, height: rows) { index in
      guard index < count else { return footer(state, theme: theme) }
      if compact {
        return CompactPostLine.lines(
          state.posts[index], selected: index == state.cursor, theme: theme, width: size.columns)
      }
      return PostBlock.lines(
        state.posts[index], selected: index == state.cursor, quotes: state.quotes, images: state.images, theme: theme,
        width: size.columns)
    }
    if count == 0 { body = placeholder(state, theme: theme) }
    let posts = RenderContext.count(count, "post", "posts")
    let title = "hollow · \(state.source.title) · \(posts)" + (count > 0 ? " · \(state.cursor + 1)/\(count)" : "")
    let status = ReaderChrome.statusLine(
      state.status, message: message, hint: "? help  q quit ", theme: theme, width: size.columns)
    newTop = count == 0 ? 0 : newTop
    return (ReaderChrome.compose(title: title, body: body, status: status, theme: theme, size: size), newTop)
  }

  /// Under the last post: what happens next.
  private static func footer(_ state: FeedState, theme: ReaderTheme) -> [TerminalText] {
    let text: String
    if state.isAtEnd {
      text = "— end of \(state.source.title) —"
    } else if state.snapshot.isLoading {
      text = state.snapshot.phase == .cached ? "refreshing…" : "loading more…"
    } else if case .failed(let error) = state.snapshot.phase {
      text = "could not load more: \(error.kind.description) · r retries"
    } else {
      text = "↓ more"
    }
    return [theme.painter.line([Span("  " + text, .dim)])]
  }

  private static func placeholder(_ state: FeedState, theme: ReaderTheme) -> [TerminalText] {
    switch state.status {
    case .lethal(let message):
      return [
        "", theme.painter.line([Span("  could not load \(state.source.title): \(message)", .warning)]),
        theme.painter.line([Span("  press r to retry", .dim)]),
      ]
    case .loading:
      return ["", theme.painter.line([Span("  loading \(state.source.title)…", .dim)])]
    default:
      return ["", theme.painter.line([Span("  no posts", .dim)])]
    }
  }
}
