/// A post's comments as a detail load fetched them, with the post's `updated_at` at that moment.
///
/// Comments live under their own key, apart from the post, so storing a post loaded without
/// comments (a quote) can never overwrite them. ``asOf`` is what a refresh sends as
/// `old_updated_at`: the server answers "not modified" while it still matches.
///
/// ```swift
/// let refresh = PostDetailRequest.Parameters(pid: pid, knownUpdatedAt: cached.asOf)
/// ```
public struct CachedComments: Codable, Sendable, Equatable {
  public var comments: [Comment]
  /// The post's `updated_at` when the comments were fetched.
  public var asOf: Int

  public init(comments: [Comment], asOf: Int) {
    self.comments = comments
    self.asOf = asOf
  }
}
