import HollowKit

/// Renders comments: compactly under a post in a list (name and text on one wrapped block), or
/// in full under `post PID` (cid, name, time, reply target, then the text, image and quotes).
///
/// ```swift
/// let lines = CommentRenderer(context: context).full(comment)
/// ```
public struct CommentRenderer: Sendable {
  public var context: RenderContext
  /// The posts the post's comments cite, as the loader resolved them (``HollowKit/ResolvedQuotes/cited(by:)``).
  public var quotes: ResolvedQuotes

  static let fullPrefix = [Span("    ")]

  public init(context: RenderContext, quotes: ResolvedQuotes = .none) {
    self.context = context
    self.quotes = quotes
  }

  /// "洞主: text", wrapped under `prefix`, then any image and cited posts.
  public func preview(_ comment: Comment, prefix: [Span]) -> [TerminalText] {
    var spans = [name(comment)]
    if let replyTo = comment.shownReplyTarget { spans.append(Span(" → #\(replyTo)", .dim)) }
    spans.append(Span(": "))
    spans += context.highlighter.spans(for: TerminalSanitizer.sanitize(comment.text, keepingNewlines: true))
    var lines = context.block(spans, prefix: prefix, maximumLines: context.limits.commentLines)
    lines += attachments(comment, prefix: prefix)
    return lines
  }

  /// The header line (`· new` when `isNew`: the comment came since the post was last opened), then
  /// the indented text, image and cited posts.
  public func full(_ comment: Comment, isNew: Bool = false) -> [TerminalText] {
    var header = [Span("  "), Span("#\(comment.cid)", .pid), Span(" "), name(comment)]
    if let replyTo = comment.shownReplyTarget { header.append(Span(" → #\(replyTo)", .dim)) }
    header.append(Span(" · " + context.time.string(for: comment.timestamp), .dim))
    if isNew { header += [Span(" · ", .dim), Span("new", .poster)] }
    if let tag = comment.tag { header.append(Span(" [\(tag)]", .tag)) }
    if comment.isDeleted { header.append(Span(" (deleted)", .warning)) }
    var lines = context.block(header)
    lines += context.text(comment.text, prefix: Self.fullPrefix, maximumLines: context.limits.commentLines)
    lines += attachments(comment, prefix: Self.fullPrefix)
    return lines
  }

  private func name(_ comment: Comment) -> Span {
    Span(comment.name, comment.isDZ ? .poster : .name)
  }

  private func attachments(_ comment: Comment, prefix: [Span]) -> [TerminalText] {
    var lines: [TerminalText] = []
    if comment.imagePath != nil || comment.type == .image {
      lines += context.image(comment.imageMetadata, prefix: prefix)
    }
    let posts = PostRenderer(context: context, quotes: quotes)
    lines += posts.quoteLines(quotes.cited(by: comment), prefix: prefix)
    return lines
  }
}

extension Comment {
  /// The comment this one answers, as worth showing: the backend stores a `reply_to` of 0 as sent,
  /// and no comment has cid 0.
  var shownReplyTarget: Int? {
    guard let replyTo, replyTo > 0 else { return nil }
    return replyTo
  }
}
