/// What a detail request got: the post, and its comments unless they were not sent.
///
/// ```swift
/// switch try await client.perform(PostDetailRequest.self, .init(pid: 42, knownUpdatedAt: cached.post.updatedAt)) {
/// case .complete(let post, let comments): store(post, comments)
/// case .notModified(let post): store(post, cached.comments)  // keep the cached comments
/// case .postOnly(let post): store(post)
/// }
/// ```
public enum PostDetailResult: Sendable, Equatable {
  /// The post with all its comments.
  case complete(Post, comments: [Comment])
  /// The post's comments have not changed since the `updated_at` the client sent (`code 1`):
  /// keep the cached comments.
  case notModified(Post)
  /// The post alone, because comments were not asked for.
  case postOnly(Post)

  public var post: Post {
    switch self {
    case .complete(let post, _), .notModified(let post), .postOnly(let post): post
    }
  }

  /// The comments, or `nil` when the server did not send them.
  public var comments: [Comment]? {
    if case .complete(_, let comments) = self { return comments }
    return nil
  }
}
