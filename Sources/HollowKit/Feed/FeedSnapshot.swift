#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything a feed shows, decided by one ``FeedStateMachine``: its pages with their posts (each
/// with its images and resolved quotes), the phase, where the pages came from, the cache's age, why
/// it is offline and whether the end was reached. Each fact lives in one field.
///
/// ```swift
/// for await snapshot in model.snapshots {
///   render(snapshot.posts, status: snapshot.phase, end: snapshot.endReached)
/// }
/// ```
public struct FeedSnapshot: Sendable, Equatable {
  /// A page of the feed and its posts.
  public struct Page: Sendable, Equatable {
    /// The page as it arrived: number, origin, content, cache age, offline reason.
    public var page: FeedPage
    /// Its posts, in page order, each with its parts so far.
    public var posts: [FeedPost]

    public init(page: FeedPage, posts: [FeedPost]) {
      self.page = page
      self.posts = posts
    }

    public var number: Int { page.number }
  }

  public var source: FeedSource
  /// The pages that arrived, by number.
  public var pages: [Page] = []
  public var phase: FeedPhase = .loading
  /// Where the pages shown came from; nil before any arrived.
  public var origin: LoadOrigin?
  /// When the cache stored the pages shown, for pages from the cache (nil when not known).
  public var cachedAt: Date?
  /// Why the cache answers instead of the server, once it does.
  public var offlineReason: OfflineReason?
  /// Whether the feed has no more pages: an empty page came, or the maximum page. Never for wander.
  public var endReached = false
  /// Whether a page is being fetched.
  public var isLoading = false
  /// Whether the page being fetched starts the feed over (a refresh), rather than following it.
  public var isRefreshing = false
  /// Whether the last fetch was cancelled before it answered (``FeedModel/cancelLoads()``);
  /// false again once a fetch starts.
  public var loadCancelled = false
  /// Whether nothing is running or waiting: every page asked for and every part of theirs arrived.
  public var isSettled = false
  /// The pages that could not be loaded, by number.
  public var failures: [Int: FeedPageFailure] = [:]
  /// Whether the next request waits for a rate-limit window to open (not a failure).
  public var isWaiting = false
  /// Posts, images and quotes asked for and arrived so far.
  public var progress = FeedProgress()

  public init(source: FeedSource) {
    self.source = source
  }

  /// The posts of every page in page order, each pid once (a post that moved to a later page while
  /// the feed was read is shown where it came first).
  public var posts: [FeedPost] {
    var seen: Set<Int> = []
    var posts: [FeedPost] = []
    for page in pages {
      for post in page.posts where seen.insert(post.post.pid).inserted { posts.append(post) }
    }
    return posts
  }

  /// The page with `number`, if it arrived.
  public func page(_ number: Int) -> Page? {
    pages.first { $0.number == number }
  }

  /// The number of the last page that arrived; 0 before any.
  public var lastPage: Int { pages.last?.number ?? 0 }
}
