/// A comment on a post as the v3 API sends it.
///
/// Like ``Post``, wire quirks become optionals: `reply_to: -1` (a reply to the post itself) →
/// ``replyTo`` `nil`, `url: ""` → ``imagePath`` `nil`, `image_metadata: {}` → ``imageMetadata`` `nil`,
/// `tag: null` → ``tag`` `nil`; encoding writes them back.
///
/// ```swift
/// let header = comment.isDZ ? "洞主" : comment.name
/// ```
public struct Comment: Codable, Sendable, Equatable, Identifiable {
  public var cid: Int
  public var pid: Int
  public var text: String
  public var type: ContentType
  /// Unix seconds.
  public var timestamp: Int
  /// The cid this comment answers, or `nil` when it answers the post (`-1` on the wire).
  public var replyTo: Int?
  /// The pseudonym, "洞主" for the original poster.
  public var name: String
  /// Whether the author is the original poster (`is_dz`).
  public var isDZ: Bool
  public var tag: String?
  /// `deleted`.
  public var isDeleted: Bool
  public var permissions: [String]
  /// The image path relative to the image base URL (`url`), `nil` when there is no image (`""`).
  public var imagePath: String?
  /// The image size, `nil` when there is none (`{}` on the wire).
  public var imageMetadata: ImageMetadata?

  public var id: Int { cid }

  /// The wire value of `reply_to` for a comment that answers the post itself.
  public static let replyToPost = -1

  public init(
    cid: Int, pid: Int, text: String, type: ContentType = .text, timestamp: Int, replyTo: Int? = nil,
    name: String, isDZ: Bool = false, tag: String? = nil, isDeleted: Bool = false, permissions: [String] = [],
    imagePath: String? = nil, imageMetadata: ImageMetadata? = nil
  ) {
    self.cid = cid
    self.pid = pid
    self.text = text
    self.type = type
    self.timestamp = timestamp
    self.replyTo = replyTo
    self.name = name
    self.isDZ = isDZ
    self.tag = tag
    self.isDeleted = isDeleted
    self.permissions = permissions
    self.imagePath = imagePath
    self.imageMetadata = imageMetadata
  }

  private enum CodingKeys: String, CodingKey {
    case cid, pid, text, type, timestamp
    case replyTo = "reply_to"
    case name
    case isDZ = "is_dz"
    case tag
    case isDeleted = "deleted"
    case permissions
    case imagePath = "url"
    case imageMetadata = "image_metadata"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    cid = try container.decode(Int.self, forKey: .cid)
    pid = try container.decode(Int.self, forKey: .pid)
    text = try container.decode(String.self, forKey: .text)
    type = try container.decode(ContentType.self, forKey: .type)
    timestamp = try container.decode(Int.self, forKey: .timestamp)
    let replyTo = try container.decode(Int.self, forKey: .replyTo)
    self.replyTo = replyTo == Self.replyToPost ? nil : replyTo
    name = try container.decode(String.self, forKey: .name)
    isDZ = try container.decode(Bool.self, forKey: .isDZ)
    tag = try container.decodeNullable(String.self, forKey: .tag)
    isDeleted = try container.decode(Bool.self, forKey: .isDeleted)
    permissions = try container.decode([String].self, forKey: .permissions)
    imagePath = try container.decodeUnlessEmptyString(forKey: .imagePath)
    imageMetadata = try container.decodeUnlessEmptyObject(ImageMetadata.self, forKey: .imageMetadata)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(cid, forKey: .cid)
    try container.encode(pid, forKey: .pid)
    try container.encode(text, forKey: .text)
    try container.encode(type, forKey: .type)
    try container.encode(timestamp, forKey: .timestamp)
    try container.encode(replyTo ?? Self.replyToPost, forKey: .replyTo)
    try container.encode(name, forKey: .name)
    try container.encode(isDZ, forKey: .isDZ)
    try container.encodeNullable(tag, forKey: .tag)
    try container.encode(isDeleted, forKey: .isDeleted)
    try container.encode(permissions, forKey: .permissions)
    try container.encode(imagePath ?? "", forKey: .imagePath)
    try container.encodeOrEmptyObject(imageMetadata, forKey: .imageMetadata)
  }
}
