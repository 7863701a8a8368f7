import HollowKit

/// A page of posts in the shape its route answers: the list has `comments` and `config` (`null` past
/// page 1); followed posts and search have `comments` only; wander and followed search have neither.
struct PageAnswer: Encodable, Sendable {
  enum Shape: Sendable, Equatable {
    case list(config: FrontendConfig?)
    case withComments
    case bare
  }

  var posts: [Post]
  /// Keyed by pid; encoded with the pid as a string.
  var comments: [Int: [Comment]] = [:]
  var shape: Shape

  private enum CodingKeys: String, CodingKey {
    case code, data, count, comments, config
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(0, forKey: .code)
    try container.encode(posts, forKey: .data)
    try container.encode(posts.count, forKey: .count)
    switch shape {
    case .list(let config):
      try container.encode(comments, forKey: .comments)
      if let config { try container.encode(config, forKey: .config) } else { try container.encodeNil(forKey: .config) }
    case .withComments:
      try container.encode(comments, forKey: .comments)
    case .bare:
      break
    }
  }
}
