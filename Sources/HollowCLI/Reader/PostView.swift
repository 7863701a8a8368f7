import HollowKit

/// The post screen as lines: the post in full (text, picture, poll, cited posts), then its
/// comments, each with its reply target and cited posts, scrolled to `offset`. Comments are
/// rendered only as far as the window reaches, so a thread of thousands costs a screenful per
/// frame.
///
/// ```swift
/// let (lines, offset) = PostView.lines(state, size: size, offset: 0, theme: theme, message: nil)
/// ```
enum PostView {
  static func lines(_ state: PostState, size: ScreenSize, offset: Int, theme: ReaderTheme, message: ReaderMessage?)
    -> (lines: [TerminalText], offset: Int)
  {
    let rows = ReaderChrome.bodyRows(size)
    var body: [TerminalText]
    var clamped = 0
    if let post = state.detail.post {
      let width = max(RenderContext.minimumTextWidth, size.columns - 1)
      let context = theme.context(width: width)
      var renderer = PostRenderer(context: context, quotes: state.detail.quotes)
      renderer.pictures = PictureLines.all(
        for: [post], quotes: state.quotes, images: state.images, theme: theme, width: width - 2,
        rows: pictureRows(size))
      var all = renderer.post(post) + [""]
      let comments = state.detail.comments ?? []
      let heading =
        comments.isEmpty
        ? (state.detail.status.isLoading ? "loading comments…" : "no comments")
        : RenderContext.count(comments.count, "comment", "comments")
      all.append(context.painter.line([Span(heading, .dim)]))
      let commentRenderer = CommentRenderer(context: context, quotes: renderer.quotes)
      var next = 0
      // Render comments until the window (and one more screen to clamp against) is filled.
      while next < comments.count, all.count < offset + 2 * rows {
        all += commentRenderer.full(comments[next])
        next += 1
      }
      if next == comments.count, !comments.isEmpty { all.append(context.painter.line([Span("— end —", .dim)])) }
      let lastTop = next == comments.count ? max(0, all.count - rows) : Int.max
      clamped = max(0, min(offset, lastTop))
      body = Array(all.dropFirst(clamped).prefix(rows)).map { TerminalText(" ") + $0 }
    } else {
      body = placeholder(state, theme: theme)
    }
    let title =
      "hollow · #\(state.pid)"
      + (state.detail.post.map { " · \(RenderContext.count($0.replyCount, "reply", "replies"))" } ?? "")
    let status = ReaderChrome.statusLine(
      state.status, message: message, hint: "h back  ? help ", theme: theme, width: size.columns)
    return (ReaderChrome.compose(title: title, body: body, status: status, theme: theme, size: size), clamped)
  }

  /// The most rows the post's picture takes: two thirds of the body, so some text stays in view.
  static func pictureRows(_ size: ScreenSize) -> Int {
    max(1, ReaderChrome.bodyRows(size) * 2 / 3)
  }

  private static func placeholder(_ state: PostState, theme: ReaderTheme) -> [TerminalText] {
    switch state.status {
    case .lethal(let message):
      return [
        "", theme.painter.line([Span("  #\(state.pid): \(message)", .warning)]),
        theme.painter.line([Span("  r retries · h goes back", .dim)]),
      ]
    default:
      return ["", theme.painter.line([Span("  loading #\(state.pid)…", .dim)])]
    }
  }
}
