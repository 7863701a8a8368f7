import HollowKit

/// `follow PID`: follow a post.
struct FollowCommand: BackendCommand, Equatable {
  static let configuration = CommandConfiguration(
    "follow", summary: "follow a post", positionals: [CommandArguments.pid], examples: ["follow 40112"])

  var pid: Int
  /// `false` for `unfollow` (``UnfollowCommand``).
  var follow = true

  init(pid: Int, follow: Bool = true) {
    self.pid = pid
    self.follow = follow
  }

  init(parsing arguments: ParsedArguments) throws(UsageError) {
    pid = try CommandArguments.pid(arguments)
  }

  func run(session: Session, output: CommandOutput) async throws {
    let post = try await session.client.perform(FollowRequest.self, .init(pid: pid, follow: follow))
    if output.options.json { return output.emit(AttentionResult(post: post)) }
    let likes = RenderContext.count(post.likeCount, "like", "likes")
    let text = follow ? "following #\(pid) (\(likes))" : "no longer following #\(pid) (\(likes))"
    output.print([output.context().painter.line([Span(text)])])
  }
}
