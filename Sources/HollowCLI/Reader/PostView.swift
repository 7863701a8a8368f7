import HollowKit

/// The post screen as lines: the post in full (text, picture, poll, cited posts), then its
/// comments, each with its reply target and cited posts, scrolled to `offset` (or, while the
/// cursor moves, to keep the cursor's item in view; after `G`, to the end), the cursor's item marked in the gutter and the
/// text of the last find (`/`) highlighted.
/// Comments are rendered only as far as the window (or the cursor) reaches, so a thread of
/// thousands costs a screenful per frame.
///
/// ```swift
/// let (lines, offset) = PostView.lines(state, size: size, offset: 0, theme: theme, message: nil)
/// ```
enum PostView {
  static func lines(
    _ state: PostState, size: ScreenSize, offset: Int, theme: ReaderTheme, message: ReaderMessage?,
    unread: String? = nil
  ) -> (lines: [TerminalText], offset: Int) {
    let status = ReaderChrome.statusLine(
      state.status, message: message, hint: "h back  ? help ", theme: theme, width: size.columns, notice: unread)
    let rows = ReaderChrome.bodyRows(size, statusRows: status.count)
    var body: [TerminalText]
    var clamped = 0
    if let post = state.detail.post {
      let width = max(RenderContext.minimumTextWidth, size.columns - 1)
      // What `/` last found stays marked, as less and vim keep their last search lit.
      let context = theme.context(width: width, keywords: state.findQuery.map { [$0] } ?? [])
      var renderer = PostRenderer(context: context, quotes: state.detail.quotes)
      renderer.pictures = PictureLines.all(
        for: [post], quotes: state.quotes, images: state.images, theme: theme, width: width - 2,
        rows: pictureRows(size))
      var layout = Layout()
      layout.append(
        renderer.post(post), item: .post, citations: state.detail.quotes.post, inComment: nil, quotes: renderer,
        prefix: PostRenderer.bodyPrefix)
      layout.lines.append("")
      let comments = state.detail.comments ?? []
      let heading =
        comments.isEmpty
        ? (state.detail.status.isLoading ? "loading comments…" : "no comments")
        : RenderContext.count(comments.count, "comment", "comments")
      layout.lines.append(context.painter.line([Span(heading, .dim)]))
      let commentRenderer = CommentRenderer(context: context, quotes: renderer.quotes)
      // A comment's cited posts are drawn as CommentRenderer draws them: without pictures.
      let commentQuotes = PostRenderer(context: context, quotes: renderer.quotes)
      let cursorComment = state.followsCursor ? Self.commentIndex(of: state.cursor, in: comments) : nil
      let firstNew = comments.count - state.newComments
      var next = 0
      // Render comments until the window (and one more screen to clamp against) is filled, and as
      // far as the cursor's comment when the view follows the cursor.
      while next < comments.count, layout.lines.count < offset + 2 * rows || next <= (cursorComment ?? -1) {
        let comment = comments[next]
        layout.append(
          commentRenderer.full(comment, isNew: next >= firstNew), item: .comment(cid: comment.cid),
          citations: renderer.quotes.cited(by: comment),
          inComment: comment.cid, quotes: commentQuotes, prefix: CommentRenderer.fullPrefix)
        next += 1
      }
      if next == comments.count, !comments.isEmpty {
        layout.lines.append(context.painter.line([Span("— end —", .dim)]))
      }
      let lastTop = next == comments.count ? max(0, layout.lines.count - rows) : Int.max
      let marked = layout.ranges[state.cursor] ?? 0..<0
      var top = max(0, min(offset, lastTop))
      if state.showsEnd, lastTop != Int.max { top = lastTop }
      if state.followsCursor, !marked.isEmpty {
        if marked.lowerBound < top {
          top = marked.lowerBound
        } else if marked.upperBound > top + rows {
          top = min(marked.lowerBound, marked.upperBound - rows)
        }
      }
      clamped = max(0, min(top, lastTop))
      let mark = theme.painter.line([Span(String(PostBlock.selectedMark), .pid)])
      body = layout.lines.indices.dropFirst(clamped).prefix(rows).map { index in
        (marked.contains(index) ? mark : TerminalText(" ")) + layout.lines[index]
      }
    } else {
      body = placeholder(state, theme: theme)
    }
    let title =
      "hollow · #\(state.pid)"
      + (state.detail.post.map { " · \(RenderContext.count($0.replyCount, "reply", "replies"))" } ?? "")
      + (state.newComments > 0 ? " · \(state.newComments) new" : "")
    return (ReaderChrome.compose(title: title, body: body, status: status, theme: theme, size: size), clamped)
  }

  /// The post screen's lines and the rows each item takes, for the cursor's mark and scroll.
  private struct Layout {
    var lines: [TerminalText] = []
    var ranges: [PostItem: Range<Int>] = [:]

    /// Appends an item's `rendered` lines, which end with its cited posts' (drawn by `quotes` under
    /// `prefix`): the item takes the lines before them, each cited post its own.
    mutating func append(
      _ rendered: [TerminalText], item: PostItem, citations: [Quote], inComment: Int?, quotes: PostRenderer,
      prefix: [Span]
    ) {
      let start = lines.count
      let counts = citations.map { quotes.quoteLines([$0], prefix: prefix).count }
      let own = max(0, rendered.count - counts.reduce(0, +))
      ranges[item] = start..<(start + own)
      var line = start + own
      for (quote, count) in zip(citations, counts) {
        let citation = PostItem.citation(pid: quote.pid, inComment: inComment)
        if ranges[citation] == nil { ranges[citation] = line..<(line + count) }
        line += count
      }
      lines += rendered
    }
  }

  /// The index of the comment `item` is or is in.
  private static func commentIndex(of item: PostItem, in comments: [Comment]) -> Int? {
    switch item {
    case .comment(let cid), .citation(_, let cid?): comments.firstIndex { $0.cid == cid }
    case .post, .citation(_, nil): nil
    }
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
