import HollowCache
import HollowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs the commands that work on the cache folder alone: `cache stats|verify|clear`, `export`
/// and `import`. No server is started or asked.
struct LocalCommandRunner: Sendable {
  let local: LocalCache
  let output: CommandOutput
  let commandName: String

  func run(_ command: Command) async throws(CLIFailure) {
    switch command {
    case .cache(.stats):
      let (ledger, current) = await local.lifetimeStatistics()
      let report = CacheStatsReport(directory: local.directory, ledger: ledger, current: current)
      output.options.json ? output.emit(report) : output.print(report.lines)
    case .cache(.verify):
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
    case .cache(.clear):
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
    case .cache(.path):
      Self.printPath(local.directory, to: output)
    case .export(let path, let withImages):
      let summary = try await ArchiveTransfer(local: local).export(to: path, withImages: withImages, server: server)
      output.options.json
        ? output.emit(summary) : output.print(["exported \(summary.entries) entries to \(path): \(summary.contents)"])
    case .import(let path, let force):
      let summary = try await ArchiveTransfer(local: local).import(from: path, force: force)
      output.options.json
        ? output.emit(summary) : output.print(["imported \(summary.entries) entries from \(path): \(summary.contents)"])
    default:
      throw .failed("\(commandName) needs a backend")
    }
  }

  /// What `cache path` prints: the folder, or `{"directory": …}` with `--json`.
  static func printPath(_ directory: String, to output: CommandOutput) {
    output.options.json ? output.emit(CachePathReport(directory: directory)) : output.print([directory])
  }

  private var server: String { Backend.configuration(output.options).apiRoot.absoluteString }
}

/// What `cache stats` prints.
struct CacheStatsReport: Codable, Sendable, Equatable {
  var directory: String
  var entries: Int
  var bytes: Int
  var hits: Int
  var misses: Int
  var evictions: Int
  var expiredRemoved: Int
  var corruptDropped: Int

  init(directory: String, ledger: CacheLedger, current: CacheStatistics) {
    self.directory = directory
    entries = current.entryCount
    bytes = current.bytes
    hits = ledger.hits
    misses = ledger.misses
    evictions = ledger.evictions
    expiredRemoved = ledger.expiredRemoved
    corruptDropped = ledger.corruptDropped
  }

  enum CodingKeys: String, CodingKey {
    case directory, entries, bytes, hits, misses, evictions
    case expiredRemoved = "expired_removed"
    case corruptDropped = "corrupt_dropped"
  }

  var lines: [String] {
    [
      ("folder", directory), ("entries", "\(entries)"), ("bytes", "\(bytes)"), ("hits", "\(hits)"),
      ("misses", "\(misses)"), ("evictions", "\(evictions)"), ("expired removed", "\(expiredRemoved)"),
      ("corrupt dropped", "\(corruptDropped)"),
    ].map { name, value in name.padding(toLength: 17, withPad: " ", startingAt: 0) + value }
  }
}

/// What `cache verify` prints: what opening the cache removed and what the full check then removed.
struct CacheVerifyReport: Codable, Sendable, Equatable {
  var checked: Int
  var valid: Int
  /// Dropped entries by defect ("payload checksum mismatch": 1).
  var dropped: [String: Int]
  var expiredRemoved: Int
  var temporariesRemoved: Int
  /// Why the folder's lock file was replaced ("not a regular file (…)"), if it was.
  var replacedLockFile: String?

  init(_ report: DiskCache.VerificationReport) {
    checked = report.checked
    valid = report.valid
    dropped = Dictionary(uniqueKeysWithValues: report.dropped.map { ($0.key.description, $0.value) })
    expiredRemoved = report.expiredRemoved
    temporariesRemoved = report.temporariesRemoved
    replacedLockFile = report.replacedLockFile?.description
  }

  enum CodingKeys: String, CodingKey {
    case checked, valid, dropped
    case expiredRemoved = "expired_removed"
    case temporariesRemoved = "temporaries_removed"
    case replacedLockFile = "replaced_lock_file"
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(checked, forKey: .checked)
    try container.encode(valid, forKey: .valid)
    try container.encode(dropped, forKey: .dropped)
    try container.encode(expiredRemoved, forKey: .expiredRemoved)
    try container.encode(temporariesRemoved, forKey: .temporariesRemoved)
    // Always present, null when the lock file was sound, so scripts need not test for the key.
    try container.encode(replacedLockFile, forKey: .replacedLockFile)
  }

  var lines: [String] {
    let droppedCount = dropped.values.reduce(0, +)
    var first = "checked \(RenderContext.count(checked, "entry", "entries")): \(valid) valid, \(droppedCount) dropped"
    if droppedCount > 0 {
      first += " (" + dropped.sorted { $0.key < $1.key }.map { "\($1) \($0)" }.joined(separator: ", ") + ")"
    }
    var lines = [
      first,
      "\(RenderContext.count(expiredRemoved, "expired entry", "expired entries")) removed, "
        + "\(RenderContext.count(temporariesRemoved, "leftover temporary file", "leftover temporary files")) removed",
    ]
    if let replacedLockFile { lines.append("the lock file was \(replacedLockFile): replaced") }
    return lines
  }
}

/// What `cache path --json` prints.
struct CachePathReport: Codable, Sendable, Equatable {
  var directory: String
}

/// What `cache clear --json` prints.
struct ClearReport: Codable, Sendable, Equatable {
  var entries: Int
  var bytes: Int
}
