import HollowCache
import HollowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A cache folder's counters over every run of the CLI: each run adds its own when it ends.
///
/// ``HollowCache/CacheStatistics`` counts one process; `cache stats` wants the folder's story, so
/// the ledger lives in the folder itself, as an entry outside every namespace. Two runs ending at
/// the same moment may lose one's counts (a read-modify-write): the counters are a guide, not an
/// audit.
struct CacheLedger: Codable, Sendable, Equatable {
  var hits = 0
  var misses = 0
  var evictions = 0
  var expiredRemoved = 0
  var corruptDropped = 0

  /// The ledger's key, shared by every namespace.
  static let key = "hollow-cli/v1/statistics"

  /// The folder's ledger; the read is not counted, so `cache stats` does not count itself.
  static func load(from disk: DiskCache) async -> CacheLedger {
    guard let data = await disk.entry(forKey: key, counted: false)?.data else { return CacheLedger() }
    return (try? JSONDecoder().decode(CacheLedger.self, from: data)) ?? CacheLedger()
  }

  /// Adds one run's counters: memory hits and disk hits are hits; only a disk miss is a miss (a
  /// memory miss goes on to the disk).
  mutating func add(_ statistics: TwoTierStatistics) {
    hits += statistics.memory.hits + statistics.disk.hits
    misses += statistics.disk.misses
    evictions += statistics.disk.evictions + statistics.memory.evictions
    expiredRemoved += statistics.disk.expiredRemoved
    corruptDropped += statistics.disk.corruptDropped + statistics.memory.corruptDropped
  }

  func save(to disk: DiskCache) async {
    guard let data = try? JSONEncoder().encode(self) else { return }
    _ = try? await disk.set(data, forKey: Self.key)
  }
}
