import HollowKit

/// The feed screen as lines: a pure function of the ``FeedState``, the read state (each post's
/// mark), the screen size, where the list was scrolled to (it answers where it is scrolled to now)
/// and whether the list is compact (one line per post, ``CompactPostLine``).
///
/// ```swift
/// let (lines, top) = FeedView.lines(state, size: size, top: top, theme: theme, message: nil)
/// ```
enum FeedView {
  static func lines(
    _ state: FeedState, size: ScreenSize, top: Int, theme: ReaderTheme, message: ReaderMessage?, compact: Bool = false,
    reads: ReadState = ReadState(), unread: String? = nil
  ) -> (lines: [TerminalText], top: Int) {
    let status = ReaderChrome.statusLine(
      state.status, message: message, hint: "? help  q quit ", theme: theme, width: size.columns, notice: unread)
    let notice = announcement(state, theme: theme, width: size.columns)
    let rows = max(0, ReaderChrome.bodyRows(size, statusRows: status.count) - notice.count)
    let count = state.posts.count
    var (body, newTop) = ListWindow.lines(count: count + 1, selected: state.cursor, top: top, height: rows) { index in
      guard index < count else { return footer(state, theme: theme) }
      if compact {
        return CompactPostLine.lines(
          state.posts[index], selected: index == state.cursor, theme: theme, width: size.columns,
          mark: reads.mark(for: state.posts[index]))
      }
      return PostBlock.lines(
        state.posts[index], selected: index == state.cursor, quotes: state.quotes, images: state.images, theme: theme,
        width: size.columns, mark: reads.mark(for: state.posts[index]))
    }
    if count == 0 { body = placeholder(state, theme: theme) }
    body = notice + body
    let posts = RenderContext.count(count, "post", "posts")
    // Which posts have news shows on each; the title says how many (u goes to the next).
    let news = state.posts.count { reads.mark(for: $0).hasNews }
    let title =
      "hollow · \(state.source.title) · \(posts)" + (count > 0 ? " · \(state.cursor + 1)/\(count)" : "")
      + (news > 0 ? " · \(news) with news (u)" : "")
    newTop = count == 0 ? 0 : newTop
    return (ReaderChrome.compose(title: title, body: body, status: status, theme: theme, size: size), newTop)
  }

  /// Page 1's announcement above the list, at most two rows, with the key that hides it.
  private static func announcement(_ state: FeedState, theme: ReaderTheme, width: Int) -> [TerminalText] {
    guard let text = state.announcement else { return [] }
    let spans = [Span(" announcement: ", .dim), Span(text), Span("  x hides", .dim)]
    return TextWrapper(width: max(1, width)).wrap(spans, maximumLines: 2).lines.map { theme.painter.line($0) }
  }

  /// Under the last post: what happens next.
  private static func footer(_ state: FeedState, theme: ReaderTheme) -> [TerminalText] {
    let text: String
    if state.isAtEnd {
      text = "— end of \(state.source.title) —"
    } else if state.snapshot.loadCancelled {
      text = "loading stopped · ↓ loads more"
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
      return ["", theme.painter.line([Span("  loading \(state.source.title)… (Esc stops)", .dim)])]
    case .stopped:
      return ["", theme.painter.line([Span("  loading \(state.source.title) stopped · r loads again", .dim)])]
    default:
      return ["", theme.painter.line([Span("  no posts", .dim)])]
    }
  }
}
