import HollowKit

/// `comment PID TEXT`: comment on a post, perhaps answering a comment.
struct CommentCommand: BackendCommand, DeclaredCommand, Equatable {
  static let configuration = CommandConfiguration(
    "comment", summary: "comment on a post",
    positionals: [CommandArguments.pid, CommandArguments.text],
    examples: ["comment 40120 \"同意\"", "comment '#40120' 不同意 --reply-to 1000418", "comment 40120 --edit"])

  var pid = 0
  var text: MessageText = .given("")
  @Option(
    "reply-to", value: "CID", help: "answer the comment with this number: 1000418 or #1000418",
    transform: { text, arguments throws(UsageError) in
      try CommandArguments.number(text, what: "--reply-to", arguments)
    })
  var replyTo: Int? = nil
  @Flag(CommandArguments.edit) var edit = false

  init() {}

  init(pid: Int, text: MessageText, replyTo: Int? = nil) {
    self.pid = pid
    self.text = text
    self.replyTo = replyTo
  }

  init(parsing arguments: ParsedArguments) throws(UsageError) {
    // Built in a local and assigned whole, as SendCommand does (a wrapped property assigned after
    // `self.init` delegation leaks its old storage).
    var command = try Self(declaredFrom: arguments)
    command.pid = try CommandArguments.pid(arguments)
    command.text = CommandArguments.text(arguments, edit: command.edit)
    command.edit = false
    self = command
  }

  func run(session: Session, output: CommandOutput) async throws {
    let text = try await TextComposer(environment: output.environment, command: session.commandName).text(text)
    let cid = try await session.client.perform(SendCommentRequest.self, .init(pid: pid, text: text, replyTo: replyTo))
    if output.options.json { return output.emit(SentComment(cid: cid)) }
    output.print([
      output.context().painter.line([Span("commented on "), Span("#\(pid)", .pid), Span(" as "), Span("#\(cid)", .pid)])
    ])
  }
}
