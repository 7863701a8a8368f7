#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a post's detail screen shows at one moment: a ``LoadStatus`` and the data that goes with
/// it, where that data came from, and the posts it cites.
///
/// ```swift
/// for await snapshot in details.detail(42) {
///   if snapshot.isDeleted { showGone(); break }
///   if let reason = snapshot.offline { showBanner("offline (\(reason)), cached \(snapshot.cachedAt as Any)") }
///   render(snapshot.post, snapshot.comments, quotes: snapshot.quotes)
/// }
/// ```
public struct PostDetailSnapshot: Sendable, Equatable {
  public var pid: Int
  public var status: LoadStatus
  /// The post, nil while there is none to show (nothing cached yet, or deleted).
  public var post: Post?
  /// The comments shown with it: the server's, or those a detail load cached; nil when none are
  /// known (nothing to show yet, or only the post itself was cached, as a cited post is).
  public var comments: [Comment]?
  /// The server answered "no such post": the cached copy was dropped.
  public var isDeleted: Bool
  /// When the cache stored the post shown, while it is the cached copy (``LoadStatus/cached`` and
  /// ``LoadStatus/failure(_:)``); nil for fresh data or when that is not known.
  public var cachedAt: Date?
  /// Why the cached copy stands instead of the server's answer: offline was asked for, or the
  /// server could not be reached; nil otherwise.
  public var offline: OfflineReason?
  /// The posts the post and its comments cite, when the loader resolves them (``PostDetailCache``
  /// made with a ``QuoteLoader``): from the cache alone for a cached snapshot, else cache first.
  public var quotes: ResolvedQuotes

  public init(
    pid: Int, status: LoadStatus, post: Post? = nil, comments: [Comment]? = nil, isDeleted: Bool = false,
    cachedAt: Date? = nil, offline: OfflineReason? = nil, quotes: ResolvedQuotes = .none
  ) {
    self.pid = pid
    self.status = status
    self.post = post
    self.comments = comments
    self.isDeleted = isDeleted
    self.cachedAt = cachedAt
    self.offline = offline
    self.quotes = quotes
  }
}
