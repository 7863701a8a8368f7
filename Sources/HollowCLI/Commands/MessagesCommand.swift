import HollowKit

/// `messages`: the system messages.
struct MessagesCommand: BackendCommand, ArgumentlessCommand, Equatable {
  static let configuration = CommandConfiguration(
    "messages", summary: "show the system messages", examples: ["messages"])

  func run(session: Session, output: CommandOutput) async throws {
    let messages = try await session.client.perform(SystemMessagesRequest.self, .init())
    if output.options.json { return output.emit(SystemMessageList(messages: messages)) }
    output.print(MessageRenderer(context: output.context(limits: .full)).lines(messages))
  }
}
