/// `post PID`: a post, all its comments and the posts it cites.
struct PostCommand: BackendCommand, DeclaredCommand, Equatable {
  static let configuration = CommandConfiguration(
    "post", summary: "show a post, all its comments and the posts it cites", positionals: [CommandArguments.pid],
    examples: ["post 40319", "post '#40319'", "post 40319 --save-images ./images"])
  static let readsFeedsOrPosts = true

  var pid = 0
  /// A folder to write the post's and its comments' images to.
  @Option(
    "save-images", value: "DIR", nonEmpty: "a folder",
    help: "write the post's and its comments' images to DIR (created)")
  var saveImages: String?

  init() {}

  init(pid: Int, saveImages: String? = nil) {
    self.pid = pid
    self.saveImages = saveImages
  }

  init(parsing arguments: ParsedArguments) throws(UsageError) {
    try self.init(declaredFrom: arguments)
    pid = try CommandArguments.pid(arguments)
  }

  func run(session: Session, output: CommandOutput) async throws {
    try await PostRunner(session: session, output: output).run(pid: pid, saveImagesTo: saveImages)
  }
}
