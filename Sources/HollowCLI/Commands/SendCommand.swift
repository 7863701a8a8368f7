import HollowKit

/// `send TEXT`: publish a post, with an image, a poll or a tag.
struct SendCommand: BackendCommand, DeclaredCommand, Equatable {
  static let configuration = CommandConfiguration(
    "send", summary: "publish a post (it may cite posts as #123)",
    positionals: [CommandArguments.text],
    examples: [
      "send \"今天食堂的饺子不错\"", "send 今天 食堂的饺子 不错", "send \"吃什么？\" --vote 面 --vote 饭",
      "send - < post.txt", "send --edit",
    ])

  var text: MessageText = .given("")
  @Flag(CommandArguments.edit) var edit = false
  /// A path to an image file to attach.
  @Option("image", value: "FILE", help: "attach an image file (at most 2 MB)") var imagePath: String?
  @Option(
    "vote", value: "OPTION", repeating: (), help: "a poll option; repeat for each (2...4, at most 15 characters)")
  var voteOptions: [String] = []
  @Option("tag", value: "T", help: "a tag such as 性相关") var tag: String?

  init() {}

  init(text: MessageText, imagePath: String? = nil, voteOptions: [String] = [], tag: String? = nil) {
    self.text = text
    self.imagePath = imagePath
    self.voteOptions = voteOptions
    self.tag = tag
  }

  init(parsing arguments: ParsedArguments) throws(UsageError) {
    // Built in a local and assigned whole: in an initializer, assigning a wrapped property after
    // `self.init` delegation re-initializes its wrapper without releasing the old storage (a leak
    // the `arguments` fuzz target found); on a local it is a plain setter call.
    var command = try Self(declaredFrom: arguments)
    command.text = CommandArguments.text(arguments, edit: command.edit)
    command.edit = false
    self = command
  }

  func run(session: Session, output: CommandOutput) async throws {
    let commandName = session.commandName
    let image = try imagePath.map { path throws(CLIFailure) in try ImageFile.read(path, command: commandName) }
    let text = try await TextComposer(environment: output.environment, command: commandName).text(text)
    let pid = try await session.client.perform(
      SendPostRequest.self, .init(text: text, image: image, voteOptions: voteOptions, tag: tag))
    if output.options.json { return output.emit(SentPost(pid: pid)) }
    output.print([output.context().painter.line([Span("posted "), Span("#\(pid)", .pid)])])
  }
}
