/// `export FILE`: backs up the cached posts, comments and pages into one archive file.
struct ExportCommand: CacheFolderCommand, Equatable {
  static let configuration = CommandConfiguration(
    "export", summary: "back up the cached posts, comments and pages into one archive file",
    positionals: [CommandArguments.archiveFile],
    options: [OptionSpec("with-images", help: "include the cached images")],
    examples: ["export backup.hollow", "export backup.hollow --with-images"])

  var path: String
  var withImages = false

  init(path: String, withImages: Bool = false) {
    self.path = path
    self.withImages = withImages
  }

  init(parsing arguments: ParsedArguments) throws(UsageError) {
    path = try arguments.required("FILE")
    withImages = arguments.flag("with-images")
  }

  func run(local: LocalCache, output: CommandOutput, commandName: String) async throws(CLIFailure) {
    let server = Backend.configuration(output.options).apiRoot.absoluteString
    let summary = try await ArchiveTransfer(local: local).export(to: path, withImages: withImages, server: server)
    output.options.json
      ? output.emit(summary) : output.print(["exported \(summary.entries) entries to \(path): \(summary.contents)"])
  }
}
