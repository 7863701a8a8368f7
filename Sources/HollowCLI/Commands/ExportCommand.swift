/// `export FILE`: backs up the cached posts, comments and pages into one archive file.
struct ExportCommand: CacheFolderCommand, DeclaredCommand, Equatable {
  static let configuration = CommandConfiguration(
    "export", summary: "back up the cached posts, comments and pages into one archive file",
    positionals: [CommandArguments.archiveFile],
    examples: ["export backup.hollow", "export backup.hollow --with-images"])

  var path = ""
  @Flag("with-images", help: "include the cached images") var withImages = false

  init() {}

  init(path: String, withImages: Bool = false) {
    self.path = path
    self.withImages = withImages
  }

  init(parsing arguments: ParsedArguments) throws(UsageError) {
    try self.init(declaredFrom: arguments)
    path = try arguments.required("FILE")
  }

  func run(local: LocalCache, output: CommandOutput, commandName: String) async throws(CLIFailure) {
    let server = Backend.configuration(output.options).apiRoot.absoluteString
    let summary = try await ArchiveTransfer(local: local).export(to: path, withImages: withImages, server: server)
    output.options.json
      ? output.emit(summary) : output.print(["exported \(summary.entries) entries to \(path): \(summary.contents)"])
  }
}
