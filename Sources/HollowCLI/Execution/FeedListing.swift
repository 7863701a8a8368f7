import HollowKit

/// What a list command (timeline, wander, search, attentions) shows: a feed's pages, in which
/// order, and how its footer names it.
///
/// ```swift
/// let listing = FeedListing.timeline(page: 2, pages: 3, asReady: false)
/// ```
struct FeedListing: Sendable {
  var feed: TimelineFeed
  var pages: [Int]
  var ordering: TimelineOptions.Ordering = .inOrder
  /// Search keywords to highlight.
  var keywords: [String] = []
  /// The footer's name for what is shown, "timeline page 2-4".
  var title: String
  /// The arguments that show what comes next, "timeline --page 5".
  var next: String
  /// `--json` prints every page (`[PostPage]`) rather than one `PostPage`.
  var emitsPageList = false

  static func timeline(page: Int, pages: Int, asReady: Bool) -> FeedListing {
    let last = page + pages - 1
    return FeedListing(
      feed: .list, pages: Array(page...last), ordering: asReady ? .asReady : .inOrder,
      title: "timeline page \(page)\(last > page ? "-\(last)" : "")", next: "timeline --page \(last + 1)",
      emitsPageList: true)
  }

  static let wander = FeedListing(feed: .wander, pages: [1], title: "wander", next: "wander")

  static func search(keywords: [String], page: Int, includeComments: Bool) -> FeedListing {
    let query = "search \(keywords.joined(separator: " "))\(includeComments ? " --comments" : "")"
    return FeedListing(
      feed: .search(keywords: keywords.joined(separator: " "), includeComments: includeComments), pages: [page],
      keywords: keywords, title: "\(query) page \(page)", next: "\(query) --page \(page + 1)")
  }

  static func attentions(page: Int) -> FeedListing {
    FeedListing(
      feed: .attentions, pages: [page], title: "followed posts page \(page)", next: "attentions --page \(page + 1)")
  }
}

extension TimelineFeed {
  /// `post/randomlist`: one page of random posts, whatever the number; the cache keeps the last.
  static let wander = TimelineFeed(name: "wander") { client, _ throws(HollowError) in
    try await client.perform(RandomListRequest.self, .init())
  }

  /// A search; its pages are cached per query.
  static func search(keywords: String, includeComments: Bool) -> TimelineFeed {
    TimelineFeed(name: "search/\(includeComments ? "comments" : "posts")/\(keywords)") {
      client, page throws(HollowError) in
      try await PostFeed.search(keywords: keywords, includeComments: includeComments).page(page, client: client)
    }
  }
}
