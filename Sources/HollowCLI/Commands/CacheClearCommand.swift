/// `cache clear`: deletes every entry of the cache folder.
struct CacheClearCommand: CacheFolderCommand, ArgumentlessCommand, Equatable {
  static let configuration = CommandConfiguration("clear", summary: "delete every entry of the cache folder")

  func run(local: LocalCache, output: CommandOutput, commandName: String) async throws(CLIFailure) {
    let before = await local.userStatistics()
    do {
      try await local.cache.removeAll()
    } catch {
      throw .failed("cannot clear the cache: \(error)")
    }
    let text =
      "removed \(RenderContext.count(before.entryCount, "entry", "entries")) (\(before.bytes) bytes) from \(local.directory)"
    output.options.json
      ? output.emit(ClearReport(entries: before.entryCount, bytes: before.bytes)) : output.print([text])
  }
}
