/// What a post's detail screen shows at one moment: a ``LoadStatus`` and the data that goes with it.
///
/// ```swift
/// for await snapshot in details.detail(42) {
///   if snapshot.isDeleted { showGone(); break }
///   render(snapshot.post, snapshot.comments, stale: snapshot.status.errorMessage)
/// }
/// ```
public struct PostDetailSnapshot: Sendable, Equatable {
  public var pid: Int
  public var status: LoadStatus
  /// The post, nil while there is none to show (nothing cached yet, or deleted).
  public var post: Post?
  /// The comments shown with it; empty when none are known.
  public var comments: [Comment]
  /// The server answered "no such post": the cached copy was dropped.
  public var isDeleted: Bool

  public init(pid: Int, status: LoadStatus, post: Post? = nil, comments: [Comment] = [], isDeleted: Bool = false) {
    self.pid = pid
    self.status = status
    self.post = post
    self.comments = comments
    self.isDeleted = isDeleted
  }
}
