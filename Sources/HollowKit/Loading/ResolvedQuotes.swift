/// The posts that a post and its comments cite, loaded: each text's quotes in the order it cites them.
///
/// The loaders parse the texts once (``QuoteLoader/citedPids(in:comments:)``'s rule: `#pid`, the
/// post's own pid left out), load every distinct pid once, and hand this over with the post, so a
/// view never parses a text again nor asks the cache what it cites.
///
/// ```swift
/// for quote in item.quotes.post { show(quote, under: item.post) }
/// for comment in item.comments {
///   for quote in item.quotes.cited(by: comment) { show(quote, under: comment) }
/// }
/// ```
public struct ResolvedQuotes: Sendable, Equatable {
  /// The quotes of the post's own text, in citation order.
  public var post: [Quote]
  /// The quotes of each comment's text, by comment id (`cid`), in citation order; a comment that
  /// cites nothing has no entry.
  public var comments: [Int: [Quote]]
  /// Every distinct quote, in order of first citation: the post's, then the comments' in their order.
  public var all: [Quote]

  public init(post: [Quote] = [], comments: [Int: [Quote]] = [:], all: [Quote] = []) {
    self.post = post
    self.comments = comments
    self.all = all
  }

  /// No citations at all.
  public static let none = ResolvedQuotes()

  /// The quotes `comment` cites, in citation order.
  public func cited(by comment: Comment) -> [Quote] {
    comments[comment.cid] ?? []
  }

  /// What `post` and its `comments` cite, resolved with quotes already loaded (by pid), for a caller
  /// with a quote source of its own; a cited pid without a quote is left out.
  ///
  /// ```swift
  /// let quotes = ResolvedQuotes(citedBy: post, comments: comments, quotes: [7: .missing(pid: 7)])
  /// ```
  public init(citedBy post: Post, comments: [Comment] = [], quotes: [Int: Quote]) {
    self.init(Citations(post: post, comments: comments), quotes: quotes)
  }

  /// `citations` resolved with the loaded `quotes`; a pid without a loaded quote is left out.
  init(_ citations: Citations, quotes: [Int: Quote]) {
    func resolve(_ pids: [Int]) -> [Quote] { pids.compactMap { quotes[$0] } }
    post = resolve(citations.post)
    comments = citations.comments.compactMapValues { pids in
      let resolved = resolve(pids)
      return resolved.isEmpty ? nil : resolved
    }
    all = resolve(citations.all)
  }
}
