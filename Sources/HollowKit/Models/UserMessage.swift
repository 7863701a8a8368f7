/// One of the user's notifications: an element of `my_msgs`' `data`.
///
/// `type` is a bitmask (``Kind``): a system notice, a reply to the user, news on a followed post.
/// Replies and followed-post news name the post and comment (`pid`, `cid`); system notices have
/// neither key.
///
/// ```swift
/// let list = try WireFormat.decode(UserMessageList.self, from: bytes)
/// for message in list.messages where message.kind.contains(.reply) { print(message.title) }
/// ```
public struct UserMessage: Codable, Sendable, Equatable {
  /// The bits of `type`.
  public struct Kind: OptionSet, Codable, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let system = Kind(rawValue: 1)
    /// Someone replied to the user's post or comment.
    public static let reply = Kind(rawValue: 2)
    /// Someone commented on a post the user follows.
    public static let followedPost = Kind(rawValue: 4)
  }

  public var id: Int
  public var title: String
  /// At most 100 characters of the text.
  public var body: String
  public var kind: Kind
  /// Unix seconds.
  public var timestamp: Int
  public var pid: Int?
  public var cid: Int?

  public init(id: Int, title: String, body: String, kind: Kind, timestamp: Int, pid: Int? = nil, cid: Int? = nil) {
    self.id = id
    self.title = title
    self.body = body
    self.kind = kind
    self.timestamp = timestamp
    self.pid = pid
    self.cid = cid
  }

  private enum CodingKeys: String, CodingKey {
    case id, title, body
    case kind = "type"
    case timestamp, pid, cid
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    title = try container.decode(String.self, forKey: .title)
    body = try container.decode(String.self, forKey: .body)
    kind = Kind(rawValue: try container.decode(Int.self, forKey: .kind))
    timestamp = try container.decode(Int.self, forKey: .timestamp)
    pid = try container.decodeIfPresent(Int.self, forKey: .pid)
    cid = try container.decodeIfPresent(Int.self, forKey: .cid)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(title, forKey: .title)
    try container.encode(body, forKey: .body)
    try container.encode(kind.rawValue, forKey: .kind)
    try container.encode(timestamp, forKey: .timestamp)
    try container.encodeIfPresent(pid, forKey: .pid)
    try container.encodeIfPresent(cid, forKey: .cid)
  }
}

/// The answer of `my_msgs`: `{code: 0, data: [UserMessage]}`, 10 a page, newest first.
public struct UserMessageList: Codable, Sendable, Equatable {
  public var code: Int
  /// `data`.
  public var messages: [UserMessage]

  public init(code: Int = 0, messages: [UserMessage]) {
    self.code = code
    self.messages = messages
  }

  private enum CodingKeys: String, CodingKey {
    case code
    case messages = "data"
  }
}
