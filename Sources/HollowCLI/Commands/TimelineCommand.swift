import HollowKit

/// `timeline`: the newest posts with their first comments and the posts they cite.
struct TimelineCommand: BackendCommand, Equatable {
  static let configuration = CommandConfiguration(
    "timeline", summary: "show the newest posts with their first comments and the posts they cite",
    options: [
      OptionSpec("page", value: "N", help: "the first page to show, 1...\(APILimits.maximumListPage) (default 1)"),
      OptionSpec("pages", value: "K", help: "how many pages to show from there (default 1)"),
      OptionSpec("as-ready", help: "print each post as soon as its images and quotes are loaded, not in page order"),
    ],
    examples: ["timeline", "timeline --page 3 --pages 2", "timeline --pages 3 --as-ready"], opensReader: true)
  static let readsFeedsOrPosts = true

  var page = 1
  var pages = 1
  /// Print each post once its parts are loaded, instead of in page order.
  var asReady = false

  init(page: Int = 1, pages: Int = 1, asReady: Bool = false) {
    self.page = page
    self.pages = pages
    self.asReady = asReady
  }

  init(parsing arguments: ParsedArguments) throws(UsageError) {
    page = try arguments.integer("page", in: 1...APILimits.maximumListPage) ?? 1
    pages = try arguments.integer("pages", in: 1...(APILimits.maximumListPage - page + 1)) ?? 1
    asReady = arguments.flag("as-ready")
  }

  func run(session: Session, output: CommandOutput) async throws {
    try await FeedRunner(session: session, output: output).run(.timeline(page: page, pages: pages, asReady: asReady))
  }
}
