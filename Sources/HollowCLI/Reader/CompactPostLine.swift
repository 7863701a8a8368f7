import HollowKit

/// One post as the compact list (`D`) shows it: one row with the selection gutter, the pid, the
/// age, the replies and the start of the text (its lines joined), cut at the width.
///
/// ```swift
/// CompactPostLine.lines(post, selected: true, theme: theme, width: 80)
/// // ["▌ #40353  5 min ago · 3 replies  今天食堂的饺子…"]
/// ```
enum CompactPostLine {
  static func lines(_ post: Post, selected: Bool, theme: ReaderTheme, width: Int) -> [TerminalText] {
    let gutter = selected ? Span(String(PostBlock.selectedMark), .pid) : Span(" ")
    let facts =
      theme.time.string(for: post.timestamp) + " · " + RenderContext.count(post.replyCount, "reply", "replies")
    var spans = [gutter, Span(" "), Span("#\(post.pid)", .pid), Span("  " + facts, .dim)]
    if post.imagePath != nil || post.type == .image { spans.append(Span(" · image", .dim)) }
    if post.vote != nil { spans.append(Span(" · poll", .dim)) }
    let text = post.text.split(whereSeparator: \.isNewline).joined(separator: " ")
    spans.append(Span("  " + text))
    return [theme.painter.line(spans).clipped(toColumns: width)]
  }
}
