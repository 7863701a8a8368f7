/// The answer of `send/post`: `{code: 0, post_id}`.
///
/// ```swift
/// let sent = try WireFormat.decode(SentPost.self, from: bytes)
/// print("new post #\(sent.pid)")
/// ```
public struct SentPost: Codable, Sendable, Equatable {
  public var code: Int
  /// `post_id`.
  public var pid: Int

  public init(code: Int = 0, pid: Int) {
    self.code = code
    self.pid = pid
  }

  private enum CodingKeys: String, CodingKey {
    case code
    case pid = "post_id"
  }
}
