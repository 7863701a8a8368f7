import HollowKit

/// Renders posts for a reader: a header (pid, time, likes, replies, tag), the wrapped text, the
/// image size, the poll, the cited posts indented underneath, and comments.
///
/// ```swift
/// let renderer = PostRenderer(context: context, quotes: [123: .notFound])
/// print(renderer.preview(post, comments: page.comments?[post.pid] ?? []).joined(separator: "\n"))
/// ```
public struct PostRenderer: Sendable {
  public var context: RenderContext
  /// The cited posts that were loaded, by pid.
  public var quotes: [Int: QuotedPost]
  /// Quoted texts are cut after this many lines (`nil`: shown in full, as `post PID` does).
  public var quotedTextLines: Int? = 4

  /// How many comments a list shows under each post (the API sends at most three).
  public static let previewCommentCount = 3

  static let bodyPrefix = [Span("  ")]
  static let quotePrefix = [Span("  "), Span("│ ", .dim)]
  static let previewCommentPrefix = [Span("  "), Span("┊ ", .dim)]

  public init(context: RenderContext, quotes: [Int: QuotedPost] = [:]) {
    self.context = context
    self.quotes = quotes
  }

  /// A post as a list shows it: the post, then its first comments and how many more there are.
  public func preview(_ post: Post, comments: [Comment]) -> [String] {
    var lines = self.post(post)
    let shown = comments.prefix(Self.previewCommentCount)
    let comments = CommentRenderer(context: context, quotes: quotes)
    for comment in shown {
      lines += comments.preview(comment, prefix: Self.previewCommentPrefix)
    }
    let hidden = post.replyCount - shown.count
    if hidden > 0, !shown.isEmpty {
      let more = RenderContext.count(hidden, "more comment", "more comments")
      lines.append(context.painter.line(Self.previewCommentPrefix + [Span("… \(more)", .dim)]))
    }
    return lines
  }

  /// A post with every comment, as `post PID` shows it.
  public func full(_ post: Post, comments: [Comment]) -> [String] {
    var lines = self.post(post)
    lines.append("")
    let heading = comments.isEmpty ? "no comments" : RenderContext.count(comments.count, "comment", "comments")
    lines.append(context.painter.line([Span(heading, .dim)]))
    let renderer = CommentRenderer(context: context, quotes: quotes)
    for comment in comments {
      lines += renderer.full(comment)
    }
    return lines
  }

  /// The post itself: header, text, image, poll and cited posts.
  public func post(_ post: Post) -> [String] {
    var lines = context.block(header(post))
    lines += context.text(post.text, prefix: Self.bodyPrefix)
    if post.imagePath != nil || post.type == .image {
      lines += context.image(post.imageMetadata, prefix: Self.bodyPrefix)
    }
    if let vote = post.vote {
      lines += VoteRenderer(context: context).lines(vote, prefix: Self.bodyPrefix)
    }
    lines += quoteLines(citedIn: post.text, by: post.pid, prefix: Self.bodyPrefix)
    return lines
  }

  /// "#123  5 min ago · 3 likes · 2 replies [tag]".
  func header(_ post: Post) -> [Span] {
    var spans = [Span("#\(post.pid)", .pid), Span("  ")]
    var facts = [
      context.time.string(for: post.timestamp), RenderContext.count(post.likeCount, "like", "likes"),
      RenderContext.count(post.replyCount, "reply", "replies"),
    ]
    if post.isFollowed { facts.append("following") }
    spans.append(Span(facts.joined(separator: " · "), .dim))
    if let tag = post.tag { spans.append(Span(" [\(tag)]", .tag)) }
    if post.isDeleted { spans.append(Span(" (deleted)", .warning)) }
    return spans
  }

  /// The posts `text` cites (except `ownPid`), each indented under `prefix` with a bar.
  func quoteLines(citedIn text: String, by ownPid: Int, prefix: [Span]) -> [String] {
    var lines: [String] = []
    let barPrefix = prefix + [Span("│ ", .dim)]
    for pid in Quotes.pids(in: text, excluding: ownPid) {
      switch quotes[pid] {
      case .found(let quoted):
        lines += context.block(header(quoted), prefix: barPrefix)
        lines += context.text(quoted.text, prefix: barPrefix, maximumLines: quotedTextLines)
        if quoted.imagePath != nil || quoted.type == .image {
          lines += context.image(quoted.imageMetadata, prefix: barPrefix)
        }
      case .notFound:
        lines.append(context.painter.line(barPrefix + [Span("#\(pid)", .pid), Span(" (not found)", .warning)]))
      case .failed(let reason):
        lines += context.block(
          [Span("#\(pid)", .pid), Span(" (could not load: \(reason))", .warning)], prefix: barPrefix)
      case nil:
        continue
      }
    }
    return lines
  }

}
