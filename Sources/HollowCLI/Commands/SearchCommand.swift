import HollowKit

/// `search KEYWORDS`: posts (and with `--comments`, comments) that hold the words.
struct SearchCommand: BackendCommand, Equatable {
  static let configuration = CommandConfiguration(
    "search", summary: "search posts; every keyword is highlighted",
    positionals: [PositionalSpec("KEYWORDS", .variadic, help: "words to look for (at most 30 characters in all)")],
    options: [
      OptionSpec("page", value: "N", help: "the page of results, 1...\(APILimits.maximumSearchPage) (default 1)"),
      OptionSpec("comments", help: "search comments too"),
    ],
    examples: ["search 食堂", "search 食堂 猫 --comments --page 2"], opensReader: true)
  static let readsFeedsOrPosts = true

  var keywords: [String]
  var page = 1
  var includeComments = false

  init(keywords: [String], page: Int = 1, includeComments: Bool = false) {
    self.keywords = keywords
    self.page = page
    self.includeComments = includeComments
  }

  init(parsing arguments: ParsedArguments) throws(UsageError) {
    keywords = arguments.variadic("KEYWORDS").flatMap { $0.split(separator: " ").map(String.init) }
    guard !keywords.isEmpty else { throw UsageError("missing KEYWORDS", command: arguments.command) }
    page = try arguments.integer("page", in: 1...APILimits.maximumSearchPage) ?? 1
    includeComments = arguments.flag("comments")
  }

  func run(session: Session, output: CommandOutput) async throws {
    try await FeedRunner(session: session, output: output).run(
      .search(keywords: keywords, page: page, includeComments: includeComments))
  }
}
