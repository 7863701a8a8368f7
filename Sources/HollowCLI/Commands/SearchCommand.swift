import HollowKit

/// `search KEYWORDS`: posts (and with `--comments`, comments) that hold the words.
struct SearchCommand: BackendCommand, DeclaredCommand, Equatable {
  static let configuration = CommandConfiguration(
    "search", summary: "search posts; every keyword is highlighted",
    positionals: [PositionalSpec("KEYWORDS", .variadic, help: "words to look for (at most 30 characters in all)")],
    examples: ["search 食堂", "search 食堂 猫 --comments --page 2"], opensReader: true)
  static let readsFeedsOrPosts = true
  static let loadsFeeds = true

  var keywords: [String] = []
  @Option(
    "page", value: "N", in: 1...APILimits.maximumSearchPage,
    help: "the page of results, 1...\(APILimits.maximumSearchPage) (default 1); the reader starts there")
  var page = 1
  @Flag("comments", help: "search comments too (in the reader, Tab switches)") var includeComments = false

  init() {}

  init(keywords: [String], page: Int = 1, includeComments: Bool = false) {
    self.keywords = keywords
    self.page = page
    self.includeComments = includeComments
  }

  init(parsing arguments: ParsedArguments) throws(UsageError) {
    let keywords = arguments.variadic("KEYWORDS").flatMap { $0.split(separator: " ").map(String.init) }
    guard !keywords.isEmpty else { throw UsageError("missing KEYWORDS", command: arguments.command) }
    try self.init(declaredFrom: arguments)
    self.keywords = keywords
  }

  func run(session: Session, output: CommandOutput) async throws {
    try await FeedRunner(session: session, output: output).run(
      .search(keywords: keywords, page: page, includeComments: includeComments))
  }
}
