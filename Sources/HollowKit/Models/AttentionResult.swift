/// The answer of `edit/attention`: `{code: 0, data: Post}` with the new follow state.
public struct AttentionResult: Codable, Sendable, Equatable {
  public var code: Int
  /// `data`.
  public var post: Post

  public init(code: Int = 0, post: Post) {
    self.code = code
    self.post = post
  }

  private enum CodingKeys: String, CodingKey {
    case code
    case post = "data"
  }
}
