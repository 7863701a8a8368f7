/// `unfollow PID`: stop following a post; ``FollowCommand`` does the work.
struct UnfollowCommand: BackendCommand, Equatable {
  static let configuration = CommandConfiguration(
    "unfollow", summary: "stop following a post", positionals: [CommandArguments.pid], examples: ["unfollow '#40120'"])

  var pid: Int

  init(pid: Int) {
    self.pid = pid
  }

  init(parsing arguments: ParsedArguments) throws(UsageError) {
    pid = try CommandArguments.pid(arguments)
  }

  func run(session: Session, output: CommandOutput) async throws {
    try await FollowCommand(pid: pid, follow: false).run(session: session, output: output)
  }
}
