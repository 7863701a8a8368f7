import HollowCache

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where archive entries are read from and written to: the namespaced cache, or a test double
/// that fails on purpose.
protocol ArchiveStore: Sendable {
  func data(forKey key: String) async -> Data?
  func set(_ data: Data, forKey key: String, ttl: Duration?) async throws(CacheError)
  func removeValue(forKey key: String) async throws(CacheError)
}

extension TwoTierCache: ArchiveStore {}

/// Writes entries into an ``ArchiveStore`` all or nothing: each entry's previous value is kept,
/// and when a write fails every entry written so far gets its previous value back (or is removed).
///
/// ```swift
/// try await ArchiveWriter(store: cache).write(archive.entries)
/// ```
struct ArchiveWriter<Store: ArchiveStore>: Sendable {
  let store: Store

  func write(_ entries: [ArchiveEntry]) async throws(CacheError) {
    var previous: [(key: String, data: Data?)] = []
    for entry in entries {
      let old = await store.data(forKey: entry.key)
      do {
        try await store.set(entry.data, forKey: entry.key, ttl: nil)
      } catch {
        // This entry may be half-replaced as far as the store knows; restore it too.
        previous.append((entry.key, old))
        await rollBack(previous)
        throw error
      }
      previous.append((entry.key, old))
    }
  }

  private func rollBack(_ previous: [(key: String, data: Data?)]) async {
    for (key, data) in previous.reversed() {
      if let data {
        try? await store.set(data, forKey: key, ttl: nil)
      } else {
        try? await store.removeValue(forKey: key)
      }
    }
  }
}
