import HollowKit

/// Renders posts for a reader: a header (pid, time, likes, replies, tag), the wrapped text, the
/// image size, the poll, the cited posts indented underneath, and comments. How much of each part
/// shows is the context's ``RenderLimits``.
///
/// ```swift
/// let renderer = PostRenderer(context: context, quotes: item.quotes)  // a FeedPost's resolved quotes
/// output.print(renderer.preview(item.post, comments: item.comments))
/// ```
public struct PostRenderer: Sendable {
  public var context: RenderContext
  /// The posts the post and its comments cite, as the loader resolved them.
  public var quotes: ResolvedQuotes
  /// Lines that draw an image (a picture, or an inline-image sequence), by the image's path;
  /// an image without any is shown as "[image WxH]". The reader fills it, print mode does not.
  public var pictures: [String: [TerminalText]] = [:]
  /// Spans after the post's header (not its cited posts'): the reader's read mark ("read",
  /// "+2 new").
  var badges: [Span] = []

  /// How many comments a list shows under each post (the API sends at most three).
  public static let previewCommentCount = 3

  static let bodyPrefix = [Span("  ")]
  static let quotePrefix = [Span("  "), Span("│ ", .dim)]
  static let previewCommentPrefix = [Span("  "), Span("┊ ", .dim)]

  public init(context: RenderContext, quotes: ResolvedQuotes = .none) {
    self.context = context
    self.quotes = quotes
  }

  /// A post as a list shows it: the post, then its first comments and how many more there are.
  ///
  /// - Parameter previewed: whether the page carried preview comments for the post, even none (a
  ///   list maps a pid to `[]` when its first comments were deleted): then "… N more comments"
  ///   shows however many previews are left. Defaults to whether there are any.
  public func preview(_ post: Post, comments: [Comment], previewed: Bool? = nil) -> [TerminalText] {
    var lines = self.post(post)
    let shown = comments.prefix(Self.previewCommentCount)
    let comments = CommentRenderer(context: context, quotes: quotes)
    for comment in shown {
      lines += comments.preview(comment, prefix: Self.previewCommentPrefix)
    }
    // The count is the server's: any Int, so no arithmetic that could overflow.
    let (hidden, overflow) = post.replyCount.subtractingReportingOverflow(shown.count)
    if !overflow, hidden > 0, previewed ?? !shown.isEmpty {
      lines.append(context.more(hidden, "comment", "comments", prefix: Self.previewCommentPrefix))
    }
    return lines
  }

  /// A post with every comment, as `post PID` shows it; `comments` is `nil` when they are not
  /// known (offline, and only the post was cached, as a cited post is).
  public func full(_ post: Post, comments: [Comment]?) -> [TerminalText] {
    var lines = self.post(post)
    lines.append("")
    let heading: String
    switch comments {
    case nil:
      heading =
        post.replyCount > 0
        ? RenderContext.count(post.replyCount, "comment", "comments") + ", not cached" : "comments not cached"
    case let comments?:
      heading = comments.isEmpty ? "no comments" : RenderContext.count(comments.count, "comment", "comments")
    }
    lines.append(context.painter.line([Span(heading, .dim)]))
    let renderer = CommentRenderer(context: context, quotes: quotes)
    for comment in comments ?? [] {
      lines += renderer.full(comment)
    }
    return lines
  }

  /// The post itself: header, text, image, poll and cited posts.
  public func post(_ post: Post) -> [TerminalText] {
    var lines = context.block(header(post) + badges)
    lines += context.text(post.text, prefix: Self.bodyPrefix, maximumLines: context.limits.textLines)
    if post.imagePath != nil || post.type == .image {
      lines += image(post.imagePath, post.imageMetadata, prefix: Self.bodyPrefix)
    }
    if let vote = post.vote {
      lines += VoteRenderer(context: context).lines(vote, prefix: Self.bodyPrefix)
    }
    lines += quoteLines(quotes.post, prefix: Self.bodyPrefix)
    return lines
  }

  /// The picture of `path` under `prefix`, else "[image WxH]".
  func image(_ path: String?, _ metadata: ImageMetadata?, prefix: [Span]) -> [TerminalText] {
    guard let path, let picture = pictures[path], !picture.isEmpty else {
      return context.image(metadata, prefix: prefix)
    }
    let lead = context.painter.line(prefix)
    return picture.map { lead + $0 }
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

  /// `cited` (a text's quotes, in citation order), each indented under `prefix` with a bar; past
  /// ``RenderLimits/citedPosts`` a "… N more cited posts" line.
  func quoteLines(_ cited: [Quote], prefix: [Span]) -> [TerminalText] {
    var lines: [TerminalText] = []
    let barPrefix = prefix + [Span("│ ", .dim)]
    let limit = context.limits.citedPosts ?? cited.count
    for quote in cited.prefix(limit) {
      switch quote {
      case .post(let quoted, _):
        lines += context.block(header(quoted), prefix: barPrefix)
        lines += context.text(quoted.text, prefix: barPrefix, maximumLines: context.limits.quotedTextLines)
        if quoted.imagePath != nil || quoted.type == .image {
          lines += image(quoted.imagePath, quoted.imageMetadata, prefix: barPrefix)
        }
      case .missing(let pid):
        lines.append(context.painter.line(barPrefix + [Span("#\(pid)", .pid), Span(" (not found)", .warning)]))
      case .notCached(let pid):
        lines += failedQuote(pid, reason: "not in the cache", prefix: barPrefix)
      case .failed(let pid, let error):
        lines += failedQuote(pid, reason: error.kind.description, prefix: barPrefix)
      }
    }
    if cited.count > limit {
      lines.append(context.more(cited.count - limit, "cited post", "cited posts", prefix: barPrefix))
    }
    return lines
  }

  private func failedQuote(_ pid: Int, reason: String, prefix: [Span]) -> [TerminalText] {
    context.block([Span("#\(pid)", .pid), Span(" (could not load: \(reason))", .warning)], prefix: prefix)
  }
}
