/// `post PID`: a post, all its comments and the posts it cites.
struct PostCommand: BackendCommand, Equatable {
  static let configuration = CommandConfiguration(
    "post", summary: "show a post, all its comments and the posts it cites", positionals: [CommandArguments.pid],
    options: [
      OptionSpec("save-images", value: "DIR", help: "write the post's and its comments' images to DIR (created)")
    ],
    examples: ["post 40319", "post '#40319'", "post 40319 --save-images ./images"])
  static let readsFeedsOrPosts = true

  var pid: Int
  /// A folder to write the post's and its comments' images to.
  var saveImages: String?

  init(pid: Int, saveImages: String? = nil) {
    self.pid = pid
    self.saveImages = saveImages
  }

  init(parsing arguments: ParsedArguments) throws(UsageError) {
    if arguments.value("save-images") == "" {
      throw UsageError("--save-images needs a folder, not ''", command: arguments.command)
    }
    pid = try CommandArguments.pid(arguments)
    saveImages = arguments.value("save-images")
  }

  func run(session: Session, output: CommandOutput) async throws {
    try await PostRunner(session: session, output: output).run(pid: pid, saveImagesTo: saveImages)
  }
}
