/// A message from the operators: one element of `system_msg`'s `data`.
///
/// ```swift
/// let list = try WireFormat.decode(SystemMessageList.self, from: bytes)
/// for message in list.messages { print(message.title) }
/// ```
public struct SystemMessage: Codable, Sendable, Equatable {
  public var title: String
  public var content: String
  /// Unix seconds.
  public var timestamp: Int

  public init(title: String, content: String, timestamp: Int) {
    self.title = title
    self.content = content
    self.timestamp = timestamp
  }
}
