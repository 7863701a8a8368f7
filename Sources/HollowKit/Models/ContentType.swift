/// What a post or comment says it carries: the wire's `type` field, kept as the server spelled it.
///
/// The real backend sends `"text"` or `"image"`; a poll is not a type there (a poll post is `"text"`,
/// or `"image"` when it also has a picture), so a poll is recognised from ``Post/vote``, and a
/// picture from ``Post/imagePath``. A value this client has never seen (a later backend's
/// `"video"`) decodes as itself, ``isKnown`` `false`, and is shown as text with its picture when
/// `url` and `image_metadata` name one: a new kind never breaks a page.
///
/// ```swift
/// let post: Post = ...
/// if post.vote != nil { print("a poll") }
/// if !post.type.isKnown { print("shown as text: \(post.type.rawValue)") }
/// ```
public struct ContentType: RawRepresentable, Codable, Sendable, Hashable, CustomStringConvertible {
  public var rawValue: String

  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// `"text"`.
  public static let text = ContentType(rawValue: "text")
  /// `"image"`: the post or comment has a picture (``Post/imagePath``).
  public static let image = ContentType(rawValue: "image")
  /// `"vote"`: how older demo servers marked a poll. The real backend never sends it; read polls
  /// from ``Post/vote``.
  public static let vote = ContentType(rawValue: "vote")

  /// The values this client knows; any other is shown as text.
  public static let known: [ContentType] = [.text, .image, .vote]

  /// Whether this client knows the value.
  public var isKnown: Bool { Self.known.contains(self) }

  public var description: String { rawValue }

  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(String.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
