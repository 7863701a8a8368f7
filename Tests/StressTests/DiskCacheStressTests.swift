import Foundation
import Testing

@testable import HollowCache

/// Many tasks hammering one DiskCache (plus a reader on a second instance of the same folder) under a small
/// size limit. `SIGNAL_STRESS_SCALE` multiplies the work (default 1: a few seconds).
@Suite("DiskCache stress: random reads, writes and removals under tight limits")
struct DiskCacheStressTests {
  static let scale = StressScale.factor
  static let limits = DiskCache.Limits(maxBytes: 24_000, lowWatermarkBytes: 16_000, maxCount: 30, maxEntryBytes: 3_000)

  /// The key, a newline, then `count` bytes of a pattern derived from the key: checkable without a table.
  static func payload(key: String, count: Int) -> Data {
    let seed = UInt8(truncatingIfNeeded: key.utf8.reduce(0) { $0 &+ Int($1) })
    return Data(Array(key.utf8) + [0x0A] + (0..<count).map { UInt8(truncatingIfNeeded: $0) &* (seed | 1) })
  }

  static func isPayload(_ data: Data, key: String) -> Bool {
    let prefix = Array(key.utf8) + [0x0A]
    return data.count >= prefix.count && data == payload(key: key, count: data.count - prefix.count)
  }

  @Test("the index and the folder agree afterwards, limits hold and no entry was ever wrong")
  func randomTraffic() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hollow-cache-stress-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let cache = try DiskCache(directory: folder, limits: Self.limits)
    let neighbour = try DiskCache(directory: folder, limits: Self.limits)

    try await withThrowingTaskGroup(of: Void.self) { group in
      for worker in 0..<8 {
        group.addTask {
          for _ in 0..<(120 * Self.scale) {
            let key = "key-\(Int.random(in: 0..<48))"
            switch Int.random(in: 0..<20) {
            case 0..<9:
              try await cache.set(Self.payload(key: key, count: Int.random(in: 0..<2_500)), forKey: key)
            case 9..<16:
              let reader = worker == 7 ? neighbour : cache
              if let data = await reader.data(forKey: key) { #expect(Self.isPayload(data, key: key)) }
            case 16..<19:
              try await cache.removeValue(forKey: key)
            default:
              await #expect(throws: CacheError.self) {
                try await cache.set(Data(count: 3_001), forKey: key)
              }
            }
          }
        }
      }
      try await group.waitForAll()
    }

    var files: [String: Int] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
      #expect(!name.hasPrefix(".tmp-"))
      guard EntryFolder.isEntryName(name) else { continue }
      files[name] = try FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.size] as? Int
    }
    #expect(await cache.indexedFiles == files)
    let statistics = await cache.statistics
    #expect(statistics.bytes <= Self.limits.maxBytes)
    #expect(statistics.entryCount <= Self.limits.maxCount)
    #expect(statistics.bytes == files.values.reduce(0, +))
    #expect(statistics.corruptDropped == 0)
    #expect(statistics.evictions > 0)
    #expect(await neighbour.statistics.corruptDropped == 0)

    let report = try await cache.verify()
    #expect(report.droppedCount == 0 && report.expiredRemoved == 0)
    #expect(report.valid == files.count)
    #expect(await cache.indexedFiles == files)
  }
}
