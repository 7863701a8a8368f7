import Foundation
import Testing

@testable import HollowCache

@Suite("DiskCache: files, index, limits, corruption and concurrent instances")
struct DiskCacheTests {
  /// File size of an entry with a 2-byte key and a 100-byte payload: 52 header + 2 key + 100 payload.
  static let smallEntrySize = 154

  static func payload(_ count: Int = 100, seed: UInt8 = 1) -> Data {
    Data((0..<count).map { UInt8(truncatingIfNeeded: $0) &+ seed })
  }

  @Test("set then get returns the bytes, across a reopen, under the SHA-256 file name")
  func roundTrip() async throws {
    try await withTemporaryFolder { folder in
      let cache = try DiskCache(directory: folder)
      try await cache.set(Data("hello".utf8), forKey: "greeting")
      try await cache.set(Data(), forKey: "empty")
      #expect(await cache.data(forKey: "greeting") == Data("hello".utf8))
      #expect(await cache.data(forKey: "empty") == Data())
      #expect(await cache.data(forKey: "absent") == nil)
      #expect(FileManager.default.fileExists(atPath: entryPath(folder, "greeting")))
      let size = try FileManager.default.attributesOfItem(atPath: entryPath(folder, "greeting"))[.size] as? Int
      #expect(size == 52 + "greeting".utf8.count + 5)

      let statistics = await cache.statistics
      #expect(statistics.hits == 2)
      #expect(statistics.misses == 1)
      #expect(statistics.entryCount == 2)
      #expect(statistics.bytes == 52 + 8 + 5 + 52 + 5)

      let reopened = try DiskCache(directory: folder)
      #expect(await reopened.statistics.entryCount == 2)
      #expect(await reopened.data(forKey: "greeting") == Data("hello".utf8))
      #expect(cache.path == folder)
    }
  }

  @Test("setting a key again replaces its value and its size in the index")
  func replace() async throws {
    try await withTemporaryFolder { folder in
      let cache = try DiskCache(directory: folder)
      try await cache.set(Self.payload(100), forKey: "k0")
      try await cache.set(Self.payload(10), forKey: "k0")
      #expect(await cache.data(forKey: "k0") == Self.payload(10))
      #expect(await cache.statistics.bytes == 52 + 2 + 10)
      #expect(await cache.statistics.entryCount == 1)
    }
  }

  @Test("an entry is a miss once its time to live has passed, and its file is removed")
  func expiry() async throws {
    try await withTemporaryFolder { folder in
      let clock = TestClock()
      let limits = DiskCache.Limits(defaultTimeToLive: .seconds(100))
      let cache = try DiskCache(directory: folder, limits: limits, now: clock.now)
      let expires = try await cache.set(Data("a".utf8), forKey: "short", ttl: .seconds(10))
      try await cache.set(Data("b".utf8), forKey: "default")
      try await cache.set(Data("c".utf8), forKey: "long", ttl: .seconds(1_000))
      #expect(expires == clock.now().addingTimeInterval(10))

      clock.advance(seconds: 9.999)
      #expect(await cache.entry(forKey: "short")?.expires == expires)
      clock.advance(seconds: 0.001)
      #expect(await cache.data(forKey: "short") == nil)
      #expect(!FileManager.default.fileExists(atPath: entryPath(folder, "short")))
      #expect(await cache.data(forKey: "default") == Data("b".utf8))

      clock.advance(seconds: 100)
      let reopened = try DiskCache(directory: folder, limits: limits, now: clock.now)
      #expect(!FileManager.default.fileExists(atPath: entryPath(folder, "default")))
      #expect(await reopened.data(forKey: "long") == Data("c".utf8))
      let statistics = await reopened.statistics
      #expect(statistics.expiredRemoved == 1)
      #expect(statistics.entryCount == 1)
      #expect(await cache.statistics.expiredRemoved == 1)
    }
  }

  @Test("a time to live that is not positive is rejected")
  func invalidTimeToLive() async throws {
    try await withTemporaryFolder { folder in
      let cache = try DiskCache(directory: folder)
      await #expect(throws: CacheError.invalidTimeToLive) { try await cache.set(Data(), forKey: "k", ttl: .zero) }
      #expect(throws: CacheError.invalidTimeToLive) {
        try DiskCache(directory: folder, limits: .init(defaultTimeToLive: .seconds(-1)))
      }
    }
  }

  @Test("passing the high watermark evicts least recently used entries down to the low watermark")
  func watermarks() async throws {
    try await withTemporaryFolder { folder in
      let clock = TestClock()
      let limits = DiskCache.Limits(maxBytes: Self.smallEntrySize * 4, lowWatermarkBytes: Self.smallEntrySize * 2)
      let cache = try DiskCache(directory: folder, limits: limits, now: clock.now)
      for index in 0..<4 {
        try await cache.set(Self.payload(), forKey: "k\(index)")
        clock.advance(seconds: 1)
      }
      #expect(await cache.statistics.evictions == 0)
      #expect(await cache.data(forKey: "k0") != nil)
      clock.advance(seconds: 1)
      try await cache.set(Self.payload(), forKey: "k4")

      let statistics = await cache.statistics
      #expect(statistics.evictions == 3)
      #expect(statistics.bytes == Self.smallEntrySize * 2)
      #expect(await cache.namesByRecency == [SHA256.hex("k4"), SHA256.hex("k0")])
      let names = try folderContents(folder)
      #expect(names == [".lock", SHA256.hex("k0"), SHA256.hex("k4")])
    }
  }

  @Test("last access survives a reopen: the order read from entry headers drives eviction")
  func recencyPersists() async throws {
    try await withTemporaryFolder { folder in
      let clock = TestClock()
      let limits = DiskCache.Limits(maxBytes: Self.smallEntrySize * 4, lowWatermarkBytes: Self.smallEntrySize * 2)
      do {
        let cache = try DiskCache(directory: folder, limits: limits, now: clock.now)
        // Steps longer than the minute a recorded last access may lag, so the hit is persisted.
        for index in 0..<4 {
          try await cache.set(Self.payload(), forKey: "k\(index)")
          clock.advance(seconds: 61)
        }
        #expect(await cache.data(forKey: "k1") != nil)
        clock.advance(seconds: 1)
      }
      let reopened = try DiskCache(directory: folder, limits: limits, now: clock.now)
      #expect(
        await reopened.namesByRecency == ["k1", "k3", "k2", "k0"].map { SHA256.hex($0) })
      try await reopened.set(Self.payload(), forKey: "k4")
      #expect(try folderContents(folder) == [".lock", SHA256.hex("k1"), SHA256.hex("k4")])
    }
  }

  @Test("a hit rewrites the recorded last access only when it is more than a minute old")
  func lastAccessGranularity() async throws {
    try await withTemporaryFolder { folder in
      let clock = TestClock()
      let cache = try DiskCache(directory: folder, now: clock.now)
      try await cache.set(Self.payload(), forKey: "k")
      let path = folder + "/" + SHA256.hex("k")
      let written = try Data(contentsOf: URL(fileURLWithPath: path))
      clock.advance(seconds: 59)
      #expect(await cache.data(forKey: "k") == Self.payload())
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == written)
      clock.advance(seconds: 2)
      #expect(await cache.data(forKey: "k") == Self.payload())
      let touched = try Data(contentsOf: URL(fileURLWithPath: path))
      #expect(touched != written)
      #expect(touched.count == written.count)
      // Only the last-access field (bytes 24..<32) changed.
      #expect(touched.prefix(24) == written.prefix(24) && touched.dropFirst(32) == written.dropFirst(32))
    }
  }

  @Test("payloads and keys longer than the first read round-trip, and a short large file is dropped")
  func largeEntries() async throws {
    try await withTemporaryFolder { folder in
      let cache = try DiskCache(directory: folder)
      let large = Self.payload(100_003, seed: 9)
      let longKey = String(repeating: "k", count: 20_000)
      try await cache.set(large, forKey: "large")
      try await cache.set(Self.payload(), forKey: longKey)
      #expect(await cache.data(forKey: "large") == large)
      #expect(await cache.data(forKey: longKey) == Self.payload())
      let path = folder + "/" + SHA256.hex("large")
      #expect(truncate(path, off_t(60_000)) == 0)
      #expect(await cache.data(forKey: "large") == nil)
      #expect(await cache.statistics.corruptDropped == 1)
    }
  }

  @Test("keys come from the index: prefix-filtered, sorted, without expired or removed entries, rebuilt at open")
  func keysListing() async throws {
    try await withTemporaryFolder { folder in
      let clock = TestClock()
      let cache = try DiskCache(directory: folder, now: clock.now)
      try await cache.set(Self.payload(), forKey: "b/2")
      try await cache.set(Self.payload(), forKey: "a/1")
      try await cache.set(Self.payload(), forKey: "b/1")
      try await cache.set(Self.payload(), forKey: "b/short", ttl: .seconds(10))
      try await cache.set(Self.payload(), forKey: "b/gone")
      try await cache.removeValue(forKey: "b/gone")
      #expect(await cache.keys() == ["a/1", "b/1", "b/2", "b/short"])
      clock.advance(seconds: 11)
      #expect(await cache.keys(withPrefix: "b/") == ["b/1", "b/2"])
      let reopened = try DiskCache(directory: folder, now: clock.now)
      #expect(await reopened.keys() == ["a/1", "b/1", "b/2"])
    }
  }

  @Test("many sets at once all land, the index matches the folder and no temporary file is left")
  func concurrentSets() async throws {
    try await withTemporaryFolder { folder in
      let cache = try DiskCache(directory: folder)
      try await withThrowingTaskGroup(of: Void.self) { group in
        for index in 0..<40 {
          group.addTask { try await cache.set(Self.payload(seed: UInt8(index)), forKey: "k\(index)") }
        }
        // Also a removeAll racing the writes: an entry it deletes was set before it, one it misses after.
        group.addTask { try await cache.removeAll() }
        try await group.waitForAll()
      }
      let names = try folderContents(folder).filter { $0 != ".lock" }
      #expect(names.allSatisfy { !$0.hasPrefix(".tmp-") })
      #expect(Set(names) == Set(await cache.indexedFiles.keys))
      for key in await cache.keys() {
        let index = try #require(Int(key.dropFirst()))
        #expect(await cache.data(forKey: key) == Self.payload(seed: UInt8(index)))
      }
    }
  }

  @Test("the count limit evicts the least recently used entries")
  func countLimit() async throws {
    try await withTemporaryFolder { folder in
      let clock = TestClock()
      let cache = try DiskCache(directory: folder, limits: .init(maxCount: 3), now: clock.now)
      for index in 0..<5 {
        try await cache.set(Self.payload(), forKey: "k\(index)")
        clock.advance(seconds: 1)
      }
      #expect(await cache.statistics.evictions == 2)
      #expect(await cache.statistics.entryCount == 3)
      #expect(try folderContents(folder) == Set([".lock"] + ["k2", "k3", "k4"].map { SHA256.hex($0) }))
    }
  }

  @Test("reopening with smaller limits evicts at open")
  func evictsAtOpen() async throws {
    try await withTemporaryFolder { folder in
      let clock = TestClock()
      let cache = try DiskCache(directory: folder, now: clock.now)
      for index in 0..<5 {
        try await cache.set(Self.payload(), forKey: "k\(index)")
        clock.advance(seconds: 1)
      }
      let reopened = try DiskCache(directory: folder, limits: .init(maxCount: 2), now: clock.now)
      #expect(await reopened.statistics.evictions == 3)
      #expect(try folderContents(folder) == Set([".lock"] + ["k3", "k4"].map { SHA256.hex($0) }))
    }
  }

  @Test("an entry above the size cap is rejected with a clear error and nothing is written")
  func entrySizeCap() async throws {
    try await withTemporaryFolder { folder in
      let cache = try DiskCache(directory: folder, limits: .init(maxBytes: 1_000, maxEntryBytes: 100))
      try await cache.set(Self.payload(100), forKey: "fits")
      await #expect(throws: CacheError.entryTooLarge(size: 101, limit: 100)) {
        try await cache.set(Self.payload(101), forKey: "big")
      }
      #expect(!FileManager.default.fileExists(atPath: entryPath(folder, "big")))
      #expect(CacheError.entryTooLarge(size: 101, limit: 100).description.contains("101 bytes"))

      let uncapped = try DiskCache(directory: folder, limits: .init(maxBytes: 200))
      await #expect(throws: CacheError.entryTooLarge(size: 200, limit: 200 - 52 - 3)) {
        try await uncapped.set(Self.payload(200), forKey: "big")
      }
    }
  }

  @Test("contradictory limits are rejected")
  func invalidLimits() async throws {
    try await withTemporaryFolder { folder in
      #expect(throws: CacheError.self) { try DiskCache(directory: folder, limits: .init(maxBytes: 0)) }
      #expect(throws: CacheError.self) {
        try DiskCache(directory: folder, limits: .init(maxBytes: 10, lowWatermarkBytes: 11))
      }
      #expect(throws: CacheError.self) { try DiskCache(directory: folder, limits: .init(maxCount: 0)) }
    }
  }

  /// A way to damage the entry file of key "a", and the defect it must be reported as.
  enum Damage: String, CaseIterable, Sendable {
    case truncatedPayload, truncatedHeader, wrongChecksum, wrongKey, zeroBytes, garbage, wrongVersion
    case headerTampered, trailingBytes

    var defect: EntryDefect {
      switch self {
      case .truncatedPayload, .truncatedHeader: .truncated
      case .wrongChecksum: .payloadChecksum
      case .wrongKey: .keyMismatch
      case .zeroBytes: .empty
      case .garbage: .badMagic
      case .wrongVersion: .unsupportedVersion
      case .headerTampered: .headerChecksum
      case .trailingBytes: .trailingBytes
      }
    }

    /// How many of the damages map to each defect.
    static var defectCounts: [EntryDefect: Int] {
      Dictionary(allCases.map { ($0.defect, 1) }, uniquingKeysWith: +)
    }

    /// Damages the entry of `key` in `folder`; "b" must exist there too, for the wrong-key case.
    func apply(in folder: String, key: String = "a") throws {
      let path = entryPath(folder, key)
      var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
      switch self {
      case .truncatedPayload: bytes.removeLast(bytes.count / 4)
      case .truncatedHeader: bytes = Array(bytes[0..<20])
      case .wrongChecksum: bytes[bytes.count - 1] ^= 0xFF
      case .wrongKey: bytes = Array(try Data(contentsOf: URL(fileURLWithPath: entryPath(folder, "b"))))
      case .zeroBytes: bytes = []
      case .garbage: bytes = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ 13) }
      case .wrongVersion: bytes[4] = 2
      case .headerTampered: bytes[9] ^= 0x01
      case .trailingBytes: bytes += [0, 0, 0]
      }
      try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
  }

  /// Both read paths: a small file read whole in one call, and one above `EntryFolder.wholeReadLimit` whose
  /// header is read and checked before its payload.
  @Test(
    "a damaged entry found by a lookup is a miss, deleted and counted",
    arguments: Damage.allCases, [64, EntryFolder.wholeReadLimit + 4096])
  func damagedOnRead(damage: Damage, size: Int) async throws {
    try await withTemporaryFolder { folder in
      let cache = try DiskCache(directory: folder)
      try await cache.set(Self.payload(size, seed: 1), forKey: "a")
      #expect(await cache.data(forKey: "a") == Self.payload(size, seed: 1))
      try await cache.set(Self.payload(seed: 9), forKey: "b")
      try damage.apply(in: folder)

      #expect(await cache.data(forKey: "a") == nil)
      #expect(!FileManager.default.fileExists(atPath: entryPath(folder, "a")))
      let statistics = await cache.statistics
      #expect(statistics.corruptDropped == 1)
      #expect(statistics.misses == 1)
      #expect(statistics.hits == 1)
      #expect(statistics.entryCount == 1)
      #expect(await cache.data(forKey: "b") == Self.payload(seed: 9))
    }
  }

  @Test("a damaged entry is dropped by the next open or lookup, never returned", arguments: Damage.allCases)
  func damagedOnOpen(damage: Damage) async throws {
    try await withTemporaryFolder { folder in
      do {
        let cache = try DiskCache(directory: folder)
        try await cache.set(Self.payload(), forKey: "a")
        try await cache.set(Self.payload(seed: 9), forKey: "b")
      }
      try damage.apply(in: folder)

      let reopened = try DiskCache(directory: folder)
      #expect(await reopened.data(forKey: "a") == nil)
      #expect(!FileManager.default.fileExists(atPath: entryPath(folder, "a")))
      #expect(await reopened.statistics.corruptDropped == 1)
      #expect(await reopened.data(forKey: "b") == Self.payload(seed: 9))
    }
  }

  @Test func verifyExcludingBookkeepingChecksItButCountsOnlyTheUsersEntries() async throws {
    try await withTemporaryFolder { folder in
      let cache = try DiskCache(directory: folder)
      try await cache.set(Self.payload(seed: 1), forKey: "user")
      try await cache.set(Self.payload(seed: 2), forKey: "app/ledger")
      let report = try await cache.verify(excludingKeys: ["app/ledger", "never/stored"])
      #expect(report.checked == 1)
      #expect(report.valid == 1)
      #expect(await cache.data(forKey: "app/ledger") == Self.payload(seed: 2))
    }
  }

  @Test("verify reads every entry in full, drops each damaged one by kind and keeps the rest")
  func verify() async throws {
    try await withTemporaryFolder { folder in
      let cache = try DiskCache(directory: folder)
      try await cache.set(Self.payload(seed: 9), forKey: "b")
      for damage in Damage.allCases {
        try await cache.set(Self.payload(), forKey: damage.rawValue)
        try damage.apply(in: folder, key: damage.rawValue)
      }
      try Data("partial".utf8).write(to: URL(fileURLWithPath: folder + "/.tmp-0123.partial"))

      let report = try await cache.verify()
      #expect(report.checked == Damage.allCases.count + 1)
      #expect(report.valid == 1)
      #expect(report.temporariesRemoved == 1)
      #expect(report.dropped == Damage.defectCounts)
      #expect(report.droppedCount == Damage.allCases.count)
      #expect(try folderContents(folder) == [".lock", SHA256.hex("b")])
      #expect(await cache.statistics.corruptDropped == Damage.allCases.count)
      #expect(await cache.statistics.entryCount == 1)
    }
  }

  @Test("discarding an unusable payload deletes the file only if it still holds that payload")
  func discardCorrupt() async throws {
    try await withTemporaryFolder { folder in
      let cache = try DiskCache(directory: folder)
      try await cache.set(Data("new".utf8), forKey: "k")
      await cache.discardCorrupt(forKey: "k", data: Data("old".utf8))
      #expect(FileManager.default.fileExists(atPath: entryPath(folder, "k")))
      await cache.discardCorrupt(forKey: "k", data: Data("new".utf8))
      #expect(!FileManager.default.fileExists(atPath: entryPath(folder, "k")))
      #expect(await cache.statistics.corruptDropped == 1)
      #expect(await cache.statistics.entryCount == 0)
    }
  }

  @Test("leftover temporary files are removed at open; unrelated files are left alone")
  func leftoverTemporaries() async throws {
    try await withTemporaryFolder { folder in
      for name in [".tmp-1.partial", ".tmp-deadbeef.partial", "notes.txt"] {
        try Data("junk".utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
      }
      let cache = try DiskCache(directory: folder)
      #expect(try folderContents(folder) == [".lock", "notes.txt"])
      #expect(await cache.statistics.entryCount == 0)
    }
  }

  @Test("the folder is created with mode 0700, entry and lock files with 0600")
  func permissions() async throws {
    try await withTemporaryFolder { folder in
      let nested = folder + "/a/b/hollow"
      let cache = try DiskCache(directory: nested)
      try await cache.set(Data("x".utf8), forKey: "k")
      func mode(_ path: String) throws -> Int? {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue
      }
      #expect(try mode(nested) == 0o700)
      #expect(try mode(entryPath(nested, "k")) == 0o600)
      #expect(try mode(nested + "/.lock") == 0o600)

      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: nested)
      _ = try DiskCache(directory: nested)
      #expect(try mode(nested) == 0o700)
    }
  }

  @Test("a folder that cannot be created is an error naming it, not a crash")
  func unusableFolder() async throws {
    try await withTemporaryFolder { folder in
      let file = folder + "/plain-file"
      try Data("x".utf8).write(to: URL(fileURLWithPath: file))
      #expect(throws: CacheError.directoryUnavailable(path: file + "/hollow", code: ENOTDIR)) {
        try DiskCache(directory: file + "/hollow")
      }
      #expect(throws: CacheError.directoryUnavailable(path: file, code: ENOTDIR)) {
        try DiskCache(directory: file)
      }
      #expect(throws: CacheError.self) { try DiskCache(directory: "") }
      let message = CacheError.directoryUnavailable(path: file, code: ENOTDIR).description
      #expect(message.contains(file) && message.contains("Not a directory"))
    }
  }

  @Test("removeValue and removeAll delete files, including ones this instance never indexed")
  func removal() async throws {
    try await withTemporaryFolder { folder in
      let first = try DiskCache(directory: folder)
      let second = try DiskCache(directory: folder)
      try await first.set(Data("1".utf8), forKey: "one")
      try await second.set(Data("2".utf8), forKey: "two")
      try await first.removeValue(forKey: "one")
      #expect(await first.data(forKey: "one") == nil)
      try await first.removeValue(forKey: "never-stored")
      try await first.removeAll()
      #expect(try folderContents(folder) == [".lock"])
      #expect(await second.data(forKey: "two") == nil)
      #expect(await second.statistics.entryCount == 0)
    }
  }

  @Test("an instance sees another instance's writes and removals on the same folder")
  func crossInstanceVisibility() async throws {
    try await withTemporaryFolder { folder in
      let writer = try DiskCache(directory: folder)
      let reader = try DiskCache(directory: folder)
      try await writer.set(Data("v1".utf8), forKey: "k")
      #expect(await reader.data(forKey: "k") == Data("v1".utf8))
      #expect(await reader.statistics.entryCount == 1)
      try await writer.set(Data("v2".utf8), forKey: "k")
      #expect(await reader.data(forKey: "k") == Data("v2".utf8))
      // The reader's index expects the old size: a file that grew or shrank since is still read whole.
      try await writer.set(Self.payload(5000, seed: 3), forKey: "k")
      #expect(await reader.data(forKey: "k") == Self.payload(5000, seed: 3))
      try await writer.set(Data("v4".utf8), forKey: "k")
      #expect(await reader.data(forKey: "k") == Data("v4".utf8))
      try await writer.removeValue(forKey: "k")
      #expect(await reader.data(forKey: "k") == nil)
      #expect(await reader.statistics.entryCount == 0)
      #expect(await reader.statistics.corruptDropped == 0)
    }
  }

  @Test("two instances writing and reading the same keys at once leave a sound folder")
  func concurrentInstances() async throws {
    try await withTemporaryFolder { folder in
      let limits = DiskCache.Limits(maxBytes: 40_000)
      let caches = [try DiskCache(directory: folder, limits: limits), try DiskCache(directory: folder, limits: limits)]
      try await withThrowingTaskGroup(of: Void.self) { group in
        for (number, cache) in caches.enumerated() {
          for worker in 0..<3 {
            group.addTask {
              for step in 0..<40 {
                let key = "key-\((step * 7 + worker + number) % 12)"
                if step % 3 == 0, let data = await cache.data(forKey: key) {
                  #expect(isSelfCheckingPayload(data, key: key))
                } else {
                  try await cache.set(selfCheckingPayload(key: key, fillerCount: 500 + step * 37), forKey: key)
                }
              }
            }
          }
        }
        try await group.waitForAll()
      }
      for cache in caches { #expect(await cache.statistics.corruptDropped == 0) }
      let checker = try DiskCache(directory: folder, limits: limits)
      let report = try await checker.verify()
      #expect(report.droppedCount == 0)
      #expect(report.valid > 0)
      for index in 0..<12 {
        if let data = await checker.data(forKey: "key-\(index)") {
          #expect(isSelfCheckingPayload(data, key: "key-\(index)"))
        }
      }
      #expect(try folderContents(folder).allSatisfy { !$0.hasPrefix(".tmp-") })
    }
  }
}
