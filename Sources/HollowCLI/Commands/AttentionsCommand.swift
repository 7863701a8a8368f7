import HollowKit

/// `attentions`: the posts you follow.
struct AttentionsCommand: BackendCommand, DeclaredCommand, Equatable {
  static let configuration = CommandConfiguration(
    "attentions", summary: "show the posts you follow", examples: ["attentions"], opensReader: true)
  static let readsFeedsOrPosts = true
  static let loadsFeeds = true

  @Option(
    "page", value: "N", in: 1...APILimits.maximumListPage,
    help: "the page, 1...\(APILimits.maximumListPage) (default 1); the reader opens there")
  var page = 1

  init() {}

  init(page: Int = 1) {
    self.page = page
  }

  init(parsing arguments: ParsedArguments) throws(UsageError) {
    try self.init(declaredFrom: arguments)
  }

  func run(session: Session, output: CommandOutput) async throws {
    try await FeedRunner(session: session, output: output).run(.attentions(page: page))
  }
}
