/// `cache stats`: entries, bytes, hits, misses, evictions and dropped entries.
struct CacheStatsCommand: CacheFolderCommand, ArgumentlessCommand, Equatable {
  static let configuration = CommandConfiguration(
    "stats", summary: "entries, bytes, hits, misses, evictions and dropped entries")

  func run(local: LocalCache, output: CommandOutput, commandName: String) async throws(CLIFailure) {
    let (ledger, current) = await local.lifetimeStatistics()
    let report = CacheStatsReport(directory: local.directory, ledger: ledger, current: current)
    output.options.json ? output.emit(report) : output.print(report.lines)
  }
}
