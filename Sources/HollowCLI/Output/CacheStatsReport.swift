import HollowCache

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
    ].map { name, value in name + String(repeating: " ", count: max(0, 17 - name.count)) + value }
  }
}
