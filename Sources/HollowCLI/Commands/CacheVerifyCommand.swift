import HollowCache

/// `cache verify`: checks every entry, drops the bad ones and reports.
struct CacheVerifyCommand: CacheFolderCommand, ArgumentlessCommand, Equatable {
  static let configuration = CommandConfiguration(
    "verify", summary: "check every entry, drop the bad ones, report")

  func run(local: LocalCache, output: CommandOutput, commandName: String) async throws(CLIFailure) {
    let report: DiskCache.VerificationReport
    do {
      // Opening the cache already removed what its quick check found; the report tells all of it.
      report = try await local.cache.verify(excludingDiskKeys: [CacheLedger.key])
        .adding(opening: local.cache.disk.openingReport)
    } catch {
      throw .failed("cannot verify the cache: \(error)")
    }
    let summary = CacheVerifyReport(report)
    output.options.json ? output.emit(summary) : output.print(summary.lines)
  }
}
