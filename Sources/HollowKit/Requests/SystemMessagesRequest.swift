/// `GET contents/system_msg`: messages from the operators.
///
/// ```swift
/// for message in try await client.perform(SystemMessagesRequest.self, .init()) { print(message.title) }
/// ```
public struct SystemMessagesRequest: DefaultRequest {
  public struct Parameters: Sendable, Equatable {
    public init() {}
  }

  public typealias Result = SystemMessageList
  public typealias ResultData = [SystemMessage]

  public let configuration: RequestConfiguration<Parameters>

  public init(configuration: RequestConfiguration<Parameters>) {
    self.configuration = configuration
  }

  public var path: String { "contents/system_msg" }

  public func transform(_ result: SystemMessageList) -> [SystemMessage] {
    result.messages
  }
}
