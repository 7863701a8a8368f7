import HollowKit

/// `vote PID OPTION`: vote in a post's poll.
struct VoteCommand: BackendCommand, Equatable {
  static let configuration = CommandConfiguration(
    "vote", summary: "vote in a post's poll",
    positionals: [CommandArguments.pid, PositionalSpec("OPTION", help: "the option, as shown")],
    examples: ["vote 40120 豆浆"])

  var pid: Int
  var option: String

  init(pid: Int, option: String) {
    self.pid = pid
    self.option = option
  }

  init(parsing arguments: ParsedArguments) throws(UsageError) {
    pid = try CommandArguments.pid(arguments)
    option = try arguments.required("OPTION")
  }

  func run(session: Session, output: CommandOutput) async throws {
    let vote = try await session.client.perform(VoteRequest.self, .init(pid: pid, option: option))
    if output.options.json { return output.emit(VoteResult(vote: vote)) }
    let context = output.context()
    let heading = context.painter.line([Span("voted in "), Span("#\(pid)", .pid)])
    output.print([heading] + VoteRenderer(context: context).lines(vote, prefix: PostRenderer.bodyPrefix))
  }
}
