import HollowKit

/// One post as a list shows it (feed and search results): PostRenderer's header, first lines,
/// image (a picture when loaded and the terminal can show one), poll and cited posts, behind a
/// gutter that marks the selected post, and a blank line after. The header ends with the post's
/// read mark (``ReadMark``): "read" or "+N new". A search result adds the comments that matched
/// (at most two, then how many more), so a post found by a comment shows why.
///
/// ```swift
/// let lines = PostBlock.lines(post, selected: true, quotes: state.quotes, images: state.images, theme: theme, width: 80)
/// ```
enum PostBlock {
  /// How much of a post a list shows.
  static let limits = RenderLimits(
    textLines: 4, commentLines: 3, quotedTextLines: 2, otherLines: 2, pollOptions: 4, citedPosts: 2)

  static func lines(
    _ post: Post, selected: Bool, quotes: [Int: Quote], images: [String: ImageSlot], theme: ReaderTheme, width: Int,
    keywords: [String] = [], matchingComments: [Comment] = [], mark: ReadMark = .unread
  ) -> [TerminalText] {
    let context = theme.context(
      width: max(RenderContext.minimumTextWidth, width - 2), limits: limits, keywords: keywords)
    var renderer = PostRenderer(context: context, quotes: ResolvedQuotes(citedBy: post, quotes: quotes))
    renderer.badges = mark.spans
    renderer.pictures = PictureLines.all(
      for: [post], quotes: quotes, images: images, theme: theme, width: width - 4, rows: PictureLines.listRows)
    let gutter = selected ? theme.painter.line([Span(String(selectedMark), .pid), Span(" ")]) : TerminalText("  ")
    var lines = renderer.post(post)
    let comments = CommentRenderer(context: context)
    for comment in matchingComments.prefix(Self.matchingCommentsShown) {
      lines += comments.preview(comment, prefix: PostRenderer.previewCommentPrefix)
    }
    if matchingComments.count > Self.matchingCommentsShown {
      let more = matchingComments.count - Self.matchingCommentsShown
      lines.append(
        context.more(more, "matching comment", "matching comments", prefix: PostRenderer.previewCommentPrefix))
    }
    return lines.map { gutter + $0 } + [.empty]
  }

  /// Matching comments a search result shows under its post.
  static let matchingCommentsShown = 2

  /// The gutter of the selected post.
  static let selectedMark: Character = "▌"

  /// The first row of a screen whose first visible character is the selected post's gutter: where
  /// the terminal's cursor rests while browsing a list. Found on the drawn rows, so the list views
  /// need not report it; a few bytes per row are read.
  static func selectedRow(in lines: [TerminalText]) -> Int? {
    lines.firstIndex { line in
      var scalars = line.text.unicodeScalars[...]
      // Skip the colours (SGR sequences) in front of the mark.
      while scalars.first == "\u{1B}" {
        guard let end = scalars.firstIndex(where: { (0x40...0x7E).contains($0.value) && $0 != "[" }) else {
          return false
        }
        scalars = scalars[scalars.index(after: end)...]
      }
      return scalars.first.map { Character($0) } == selectedMark
    }
  }
}
