import HollowKit

/// `timeline`: the newest posts with their first comments and the posts they cite.
struct TimelineCommand: BackendCommand, DeclaredCommand, Equatable {
  static let configuration = CommandConfiguration(
    "timeline", summary: "show the newest posts with their first comments and the posts they cite",
    examples: ["timeline", "timeline --page 3 --pages 2", "timeline --pages 3 --as-ready"], opensReader: true)
  static let readsFeedsOrPosts = true
  static let loadsFeeds = true

  @Option(
    "page", value: "N", in: 1...APILimits.maximumListPage,
    help: "the first page to show, 1...\(APILimits.maximumListPage) (default 1); the reader opens there")
  var page = 1
  /// Checked against `page` once both are read: 1 up to the last page the server lists.
  @Option(
    "pages", value: "K", help: "how many pages to print from there (default 1); printing only: the reader refuses it",
    transform: { text, arguments throws(UsageError) in
      try arguments.parseInteger(text, what: "--pages", in: Int.min...Int.max)
    })
  var pages = 1
  /// Print each post once its parts are loaded, instead of in page order.
  @Flag(
    "as-ready",
    help: "print each post as soon as its images and quotes are loaded, not in page order; printing only")
  var asReady = false

  init() {}

  init(page: Int = 1, pages: Int = 1, asReady: Bool = false) {
    self.page = page
    self.pages = pages
    self.asReady = asReady
  }

  init(parsing arguments: ParsedArguments) throws(UsageError) {
    try self.init(declaredFrom: arguments)
    // The pages from `page` on, up to the last the server lists.
    let lastPages = APILimits.maximumListPage - page + 1
    if !(1...lastPages).contains(pages) {
      throw UsageError("--pages must be 1...\(lastPages), not \(pages)", command: arguments.command)
    }
  }

  func run(session: Session, output: CommandOutput) async throws {
    try await FeedRunner(session: session, output: output).run(.timeline(page: page, pages: pages, asReady: asReady))
  }
}
