#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything a post shows at one moment, decided by one ``PostStateMachine``: the post and its
/// comments, the posts they cite, their images, a ``LoadStatus``, where the data came from and
/// whether everything asked for has arrived. Each fact lives in one field. `post N` and the
/// reader's post screen both show it.
///
/// ```swift
/// for await snapshot in model.snapshots {
///   if snapshot.isDeleted { showGone(); break }
///   if let reason = snapshot.offline { showBanner("offline (\(reason)), cached \(snapshot.cachedAt as Any)") }
///   render(snapshot.post, snapshot.comments, quotes: snapshot.quotes, images: snapshot.images)
/// }
/// ```
public struct PostSnapshot: Sendable, Equatable {
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
  /// The posts the post and its comments cite, as far as they have loaded: from the cache alone
  /// while the cached copy is shown, else cache first.
  public var quotes: ResolvedQuotes
  /// The images of the post, its comments and the posts it cites that have loaded (or failed), in
  /// that order; none without an image base (``PostStateMachine/Options/imageBaseURL``).
  public var images: [ImageOutcome]
  /// Whether every cited post and image the data shown needs has arrived (what print mode waits for).
  public var isReady: Bool
  /// Whether nothing runs or waits: the server answered (or offline was asked for) and the data is ready.
  public var isSettled: Bool

  public init(
    pid: Int, status: LoadStatus, post: Post? = nil, comments: [Comment]? = nil, isDeleted: Bool = false,
    cachedAt: Date? = nil, offline: OfflineReason? = nil, quotes: ResolvedQuotes = .none,
    images: [ImageOutcome] = [], isReady: Bool = true, isSettled: Bool = false
  ) {
    self.pid = pid
    self.status = status
    self.post = post
    self.comments = comments
    self.isDeleted = isDeleted
    self.cachedAt = cachedAt
    self.offline = offline
    self.quotes = quotes
    self.images = images
    self.isReady = isReady
    self.isSettled = isSettled
  }
}
