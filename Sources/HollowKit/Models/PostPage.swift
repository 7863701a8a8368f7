/// A page of posts: the answer of list, attentions, search and randomlist (wander).
///
/// On the wire `comments` is keyed by the pid **as a string** (`{"123": [...]}`) and holds at most
/// the first three comments of each post; posts without comments are absent. Here it is keyed by
/// the pid as an `Int`. The random list has neither `comments` nor `config`: it decodes with
/// ``comments`` `nil`, and a page whose ``comments`` is `nil` encodes in that shape; other pages
/// always encode `comments` and `config` (`null` when there is none).
///
/// ```swift
/// let page = try WireFormat.decode(PostPage.self, from: bytes)
/// let preview = page.comments?[page.posts[0].pid] ?? []
/// ```
public struct PostPage: Codable, Sendable, Equatable {
  public var code: Int
  /// The posts (`data`); on page 1 of the list pinned posts come first.
  public var posts: [Post]
  /// `count`: the number of posts in ``posts``.
  public var count: Int
  /// Preview comments per pid; `nil` for the random list.
  public var comments: [Int: [Comment]]?
  /// The frontend configuration; only page 1 of the list has one.
  public var config: FrontendConfig?

  public init(
    code: Int = 0, posts: [Post], count: Int? = nil, comments: [Int: [Comment]]? = [:], config: FrontendConfig? = nil
  ) {
    self.code = code
    self.posts = posts
    self.count = count ?? posts.count
    self.comments = comments
    self.config = config
  }

  private enum CodingKeys: String, CodingKey {
    case code
    case posts = "data"
    case count, comments, config
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    code = try container.decode(Int.self, forKey: .code)
    posts = try container.decode([Post].self, forKey: .posts)
    count = try container.decode(Int.self, forKey: .count)
    comments = try container.decodeIfPresent([Int: [Comment]].self, forKey: .comments)
    config = try container.decodeIfPresent(FrontendConfig.self, forKey: .config)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(code, forKey: .code)
    try container.encode(posts, forKey: .posts)
    try container.encode(count, forKey: .count)
    if let comments {
      try container.encode(comments, forKey: .comments)
      try container.encodeNullable(config, forKey: .config)
    } else {
      // A config without comments (no real answer has one, a hostile one may) still survives the cache.
      try container.encodeIfPresent(config, forKey: .config)
    }
  }
}
