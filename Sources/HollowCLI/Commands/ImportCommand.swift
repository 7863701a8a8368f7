/// `import FILE`: restores an archive made by `export` into the cache, all or nothing.
struct ImportCommand: CacheFolderCommand, DeclaredCommand, Equatable {
  static let configuration = CommandConfiguration(
    "import", summary: "restore an archive made by export into the cache (all or nothing)",
    positionals: [CommandArguments.archiveFile],
    examples: ["import backup.hollow", "--server http://127.0.0.1:8080 import backup.hollow --force"])

  var path = ""
  /// Allows an archive made for another server or token.
  @Flag("force", help: "import an archive made for another server or token into this one") var force = false

  init() {}

  init(path: String, force: Bool = false) {
    self.path = path
    self.force = force
  }

  init(parsing arguments: ParsedArguments) throws(UsageError) {
    try self.init(declaredFrom: arguments)
    path = try arguments.required("FILE")
  }

  func run(local: LocalCache, output: CommandOutput, commandName: String) async throws(CLIFailure) {
    let summary = try await ArchiveTransfer(local: local).import(from: path, force: force)
    output.options.json
      ? output.emit(summary) : output.print(["imported \(summary.entries) entries from \(path): \(summary.contents)"])
  }
}
