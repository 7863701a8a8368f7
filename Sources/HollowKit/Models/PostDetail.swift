/// The answer of `post/detail`.
///
/// `{code: 0, post, data: [Comment]}` normally; **`{code: 1, post, data: null}`** when comments were
/// not asked for or the client's cached comments are still current (`old_updated_at` equals the
/// post's `updated_at`). ``comments`` is `nil` exactly in the second case.
///
/// ```swift
/// let detail = try WireFormat.decode(PostDetail.self, from: bytes)
/// let comments = detail.comments ?? cachedComments
/// ```
public struct PostDetail: Codable, Sendable, Equatable {
  public var code: Int
  public var post: Post
  /// The comments (`data`), or `nil` (`null`) when the client's cache is current.
  public var comments: [Comment]?

  /// The `code` of an answer without comments.
  public static let commentsOmitted = 1

  public init(post: Post, comments: [Comment]?) {
    self.code = comments == nil ? Self.commentsOmitted : 0
    self.post = post
    self.comments = comments
  }

  private enum CodingKeys: String, CodingKey {
    case code, post
    case comments = "data"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    code = try container.decode(Int.self, forKey: .code)
    post = try container.decode(Post.self, forKey: .post)
    comments = try container.decodeIfPresent([Comment].self, forKey: .comments)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(code, forKey: .code)
    try container.encode(post, forKey: .post)
    try container.encodeNullable(comments, forKey: .comments)
  }
}
