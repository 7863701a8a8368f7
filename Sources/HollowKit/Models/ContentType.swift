/// What a post or comment carries besides its text: the wire's `type` field.
///
/// An unknown value is a decoding error naming the field (for example
/// "field `data[3].type`: unknown content type `poll`"), so a new server-side kind is
/// reported instead of being shown wrongly.
///
/// ```swift
/// let post: Post = ...
/// if post.type == .vote, let vote = post.vote { print(vote.options) }
/// ```
public enum ContentType: String, Codable, Sendable, Equatable, CaseIterable {
  case text
  case image
  case vote

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let raw = try container.decode(String.self)
    guard let known = ContentType(rawValue: raw) else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "unknown content type `\(raw)`")
    }
    self = known
  }
}
