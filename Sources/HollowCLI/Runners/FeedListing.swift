import HollowKit

/// How a list command (timeline, wander, search, attentions) shows a feed: which pages, in which
/// order, and how its footer names it. What the feed is and where it ends is the library's
/// ``HollowKit/FeedSource``.
///
/// ```swift
/// let listing = FeedListing.timeline(page: 2, pages: 3, asReady: false)
/// ```
struct FeedListing: Sendable {
  /// In which order posts are printed.
  enum Ordering: Sendable, Equatable {
    /// Each post as soon as its images and quotes are ready.
    case asReady
    /// Posts in page order; a slow post holds back the ones after it.
    case inOrder
  }

  var source: FeedSource
  var pages: [Int]
  var ordering: Ordering = .inOrder
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
      source: .timeline, pages: Array(page...last), ordering: asReady ? .asReady : .inOrder,
      title: "timeline page \(page)\(last > page ? "-\(last)" : "")", next: "timeline --page \(last + 1)",
      emitsPageList: true)
  }

  static let wander = FeedListing(source: .wander, pages: [1], title: "wander", next: "wander")

  static func search(keywords: [String], page: Int, includeComments: Bool) -> FeedListing {
    let query = "search \(keywords.joined(separator: " "))\(includeComments ? " --comments" : "")"
    return FeedListing(
      source: .search(
        SearchRequest.Parameters(keywords: keywords.joined(separator: " "), includeComments: includeComments)),
      pages: [page], keywords: keywords, title: "\(query) page \(page)", next: "\(query) --page \(page + 1)")
  }

  static func attentions(page: Int) -> FeedListing {
    FeedListing(
      source: .followed, pages: [page], title: "followed posts page \(page)", next: "attentions --page \(page + 1)")
  }
}
