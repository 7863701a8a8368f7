/// The answer of `system_msg`: `{code: 0, data: [SystemMessage]}`.
public struct SystemMessageList: Codable, Sendable, Equatable {
  public var code: Int
  /// `data`.
  public var messages: [SystemMessage]

  public init(code: Int = 0, messages: [SystemMessage]) {
    self.code = code
    self.messages = messages
  }

  private enum CodingKeys: String, CodingKey {
    case code
    case messages = "data"
  }
}
