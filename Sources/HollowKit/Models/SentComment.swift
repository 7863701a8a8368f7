/// The answer of `send/comment`: `{code: 0, comment_id}`.
public struct SentComment: Codable, Sendable, Equatable {
  public var code: Int
  /// `comment_id`.
  public var cid: Int

  public init(code: Int = 0, cid: Int) {
    self.code = code
    self.cid = cid
  }

  private enum CodingKeys: String, CodingKey {
    case code
    case cid = "comment_id"
  }
}
