/// A tree-hole post as the v3 API sends it.
///
/// Wire quirks are mapped to optionals: `url: ""` → ``imagePath`` `nil`, `image_metadata: {}` →
/// ``imageMetadata`` `nil`, `vote: {}` → ``vote`` `nil`, `tag: null` → ``tag`` `nil`. Encoding writes
/// the same quirks back, so `encode(decode(wire))` has the wire's shape.
///
/// ```swift
/// let page = try WireFormat.decode(PostPage.self, from: bytes)
/// for post in page.posts where post.imagePath != nil { ... }
/// ```
public struct Post: Codable, Sendable, Equatable, Identifiable {
  public var pid: Int
  public var text: String
  public var type: ContentType
  /// Creation time, unix seconds.
  public var timestamp: Int
  /// Last change (a new comment), unix seconds (`updated_at`).
  public var updatedAt: Int
  /// Number of comments (`reply`).
  public var replyCount: Int
  /// Number of followers (`likenum`).
  public var likeCount: Int
  /// Whether the user follows the post (`attention`).
  public var isFollowed: Bool
  /// `deleted`.
  public var isDeleted: Bool
  /// What the user may do, e.g. `["report", "fold", "set_tag", "delete"]`.
  public var permissions: [String]
  /// A moderation tag such as "性相关", or `nil` (`null` on the wire).
  public var tag: String?
  /// The image path relative to the image base URL (`url`), `nil` when there is no image (`""`).
  public var imagePath: String?
  /// The image size, `nil` when there is none (`{}` on the wire).
  public var imageMetadata: ImageMetadata?
  /// The poll, `nil` when there is none (`{}` on the wire).
  public var vote: Vote?

  public var id: Int { pid }

  public init(
    pid: Int, text: String, type: ContentType, timestamp: Int, updatedAt: Int, replyCount: Int = 0,
    likeCount: Int = 0, isFollowed: Bool = false, isDeleted: Bool = false, permissions: [String] = [],
    tag: String? = nil, imagePath: String? = nil, imageMetadata: ImageMetadata? = nil, vote: Vote? = nil
  ) {
    self.pid = pid
    self.text = text
    self.type = type
    self.timestamp = timestamp
    self.updatedAt = updatedAt
    self.replyCount = replyCount
    self.likeCount = likeCount
    self.isFollowed = isFollowed
    self.isDeleted = isDeleted
    self.permissions = permissions
    self.tag = tag
    self.imagePath = imagePath
    self.imageMetadata = imageMetadata
    self.vote = vote
  }

  private enum CodingKeys: String, CodingKey {
    case pid, text, type, timestamp
    case updatedAt = "updated_at"
    case replyCount = "reply"
    case likeCount = "likenum"
    case isFollowed = "attention"
    case isDeleted = "deleted"
    case permissions, tag
    case imagePath = "url"
    case imageMetadata = "image_metadata"
    case vote
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    pid = try container.decode(Int.self, forKey: .pid)
    text = try container.decode(String.self, forKey: .text)
    type = try container.decode(ContentType.self, forKey: .type)
    timestamp = try container.decode(Int.self, forKey: .timestamp)
    updatedAt = try container.decode(Int.self, forKey: .updatedAt)
    replyCount = try container.decode(Int.self, forKey: .replyCount)
    likeCount = try container.decode(Int.self, forKey: .likeCount)
    isFollowed = try container.decode(Bool.self, forKey: .isFollowed)
    isDeleted = try container.decode(Bool.self, forKey: .isDeleted)
    permissions = try container.decode([String].self, forKey: .permissions)
    tag = try container.decodeNullable(String.self, forKey: .tag)
    imagePath = try container.decodeUnlessEmptyString(forKey: .imagePath)
    imageMetadata = try container.decodeUnlessEmptyObject(ImageMetadata.self, forKey: .imageMetadata)
    vote = try container.decodeUnlessEmptyObject(Vote.self, forKey: .vote)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(pid, forKey: .pid)
    try container.encode(text, forKey: .text)
    try container.encode(type, forKey: .type)
    try container.encode(timestamp, forKey: .timestamp)
    try container.encode(updatedAt, forKey: .updatedAt)
    try container.encode(replyCount, forKey: .replyCount)
    try container.encode(likeCount, forKey: .likeCount)
    try container.encode(isFollowed, forKey: .isFollowed)
    try container.encode(isDeleted, forKey: .isDeleted)
    try container.encode(permissions, forKey: .permissions)
    try container.encodeNullable(tag, forKey: .tag)
    try container.encode(imagePath ?? "", forKey: .imagePath)
    try container.encodeOrEmptyObject(imageMetadata, forKey: .imageMetadata)
    try container.encodeOrEmptyObject(vote, forKey: .vote)
  }
}
