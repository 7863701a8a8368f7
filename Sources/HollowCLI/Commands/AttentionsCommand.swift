import HollowKit

/// `attentions`: the posts you follow.
struct AttentionsCommand: BackendCommand, Equatable {
  static let configuration = CommandConfiguration(
    "attentions", summary: "show the posts you follow",
    options: [OptionSpec("page", value: "N", help: "the page, 1...\(APILimits.maximumListPage) (default 1)")],
    examples: ["attentions"], opensReader: true)
  static let readsFeedsOrPosts = true

  var page = 1

  init(page: Int = 1) {
    self.page = page
  }

  init(parsing arguments: ParsedArguments) throws(UsageError) {
    page = try arguments.integer("page", in: 1...APILimits.maximumListPage) ?? 1
  }

  func run(session: Session, output: CommandOutput) async throws {
    try await FeedRunner(session: session, output: output).run(.attentions(page: page))
  }
}
