import Foundation
import HollowCache
import Testing

@Suite("TwoTierCache.setInBackground: write-behind with flush, in order per key")
struct BackgroundWriteTests {
  @Test("a value set in the background is readable at once and on disk after flush")
  func readableAtOnceDurableAfterFlush() async throws {
    try await withTemporaryFolder { folder in
      let cache = try TwoTierCache(directory: folder)
      try cache.setInBackground(Data("v".utf8), forKey: "k")
      #expect(await cache.data(forKey: "k") == Data("v".utf8))
      await cache.flush()
      #expect(cache.pendingWriteCount == 0)
      let fresh = try TwoTierCache(directory: folder)
      #expect(await fresh.data(forKey: "k") == Data("v".utf8))
      #expect(await fresh.statistics.disk.hits == 1)
    }
  }

  @Test("many background writes of one key: the last one set is the one on disk")
  func lastWriteWins() async throws {
    try await withTemporaryFolder { folder in
      let cache = try TwoTierCache(directory: folder)
      for version in 0..<50 { try cache.setInBackground(Data("v\(version)".utf8), forKey: "k") }
      #expect(await cache.data(forKey: "k") == Data("v49".utf8))
      // A durable set after them must not be overtaken by any of them either.
      try await cache.set(Data("final".utf8), forKey: "k")
      await cache.flush()
      #expect(try await TwoTierCache(directory: folder).data(forKey: "k") == Data("final".utf8))
    }
  }

  @Test("removing a key whose background write is under way leaves nothing for the write to bring back")
  func removalIsNotUndone() async throws {
    try await withTemporaryFolder { folder in
      let cache = try TwoTierCache(directory: folder)
      try cache.setInBackground(Data("v".utf8), forKey: "k")
      try await cache.removeValue(forKey: "k")
      #expect(await cache.data(forKey: "k") == nil)
      await cache.flush()
      #expect(try await TwoTierCache(directory: folder).data(forKey: "k") == nil)
      #expect(try folderContents(folder) == [".lock"])
    }
  }

  @Test("what the disk would refuse is refused at once, and nothing is stored")
  func refusedAtOnce() async throws {
    try await withTemporaryFolder { folder in
      let cache = try TwoTierCache(directory: folder, limits: .init(maxBytes: 10_000, maxEntryBytes: 10))
      #expect(throws: CacheError.entryTooLarge(size: 11, limit: 10)) {
        try cache.setInBackground(Data(count: 11), forKey: "big")
      }
      #expect(throws: CacheError.invalidTimeToLive) {
        try cache.setInBackground(Data("v".utf8), forKey: "k", ttl: .zero)
      }
      #expect(await cache.data(forKey: "big") == nil && cache.pendingWriteCount == 0)
    }
  }

  @Test("the time to live applies in memory too")
  func expiryInMemory() async throws {
    try await withTemporaryFolder { folder in
      let clock = TestClock()
      let cache = try TwoTierCache(directory: folder, now: clock.now)
      try cache.setInBackground(Data("v".utf8), forKey: "k", ttl: .seconds(60))
      await cache.flush()
      clock.advance(seconds: 59)
      #expect(await cache.data(forKey: "k") == Data("v".utf8))
      clock.advance(seconds: 1)
      #expect(await cache.data(forKey: "k") == nil)
      #expect(await cache.statistics.memory.expiredRemoved == 1)
    }
  }

  @Test("keys, verify and removeAll wait for background writes")
  func bulkOperationsFlushFirst() async throws {
    try await withTemporaryFolder { folder in
      let cache = try TwoTierCache(directory: folder)
      for index in 0..<20 { try cache.setInBackground(Data([UInt8(index)]), forKey: "item/\(index)") }
      #expect(await cache.keys(withPrefix: "item/").count == 20)
      #expect(try await cache.verify().valid == 20)
      try cache.setInBackground(Data("late".utf8), forKey: "late")
      try await cache.removeAll()
      #expect(try folderContents(folder) == [".lock"])
    }
  }

  @Test("many tasks writing behind at once: each key ends on disk with the last value its task set")
  func concurrentWritersKeepPerKeyOrder() async throws {
    try await withTemporaryFolder { folder in
      let cache = try TwoTierCache(directory: folder)
      let versions = 30
      await withTaskGroup(of: Void.self) { group in
        for writer in 0..<8 {
          group.addTask {
            for version in 0..<versions {
              try? cache.setInBackground(Data("\(writer)/\(version)".utf8), forKey: "key/\(writer)")
              // Reads in between see this task's latest value, pending or not.
              #expect(await cache.data(forKey: "key/\(writer)") == Data("\(writer)/\(version)".utf8))
            }
          }
        }
      }
      await cache.flush()
      #expect(cache.pendingWriteCount == 0)
      let fresh = try TwoTierCache(directory: folder)
      for writer in 0..<8 {
        #expect(await fresh.data(forKey: "key/\(writer)") == Data("\(writer)/\(versions - 1)".utf8))
      }
      #expect(try folderContents(folder).count == 9)
    }
  }

  @Test("a value encoded in the background: a read waits for the encoding and gets it, then it is on disk")
  func encodedBehindIsReadWhenReady() async throws {
    try await withTemporaryFolder { folder in
      let cache = try TwoTierCache(directory: folder)
      try await cache.set(Data("old".utf8), forKey: "k")
      let gate = DispatchSemaphore(value: 0)
      cache.setInBackground(
        encodedBy: {
          gate.wait()
          return Data("new".utf8)
        }, forKey: "k")
      async let read = cache.data(forKey: "k")
      gate.signal()
      #expect(await read == Data("new".utf8))
      await cache.flush()
      #expect(await cache.data(forKey: "k") == Data("new".utf8))
      #expect(try await TwoTierCache(directory: folder).data(forKey: "k") == Data("new".utf8))
    }
  }

  @Test("an encoding that finishes after a later write does not replace that write, in memory or on disk")
  func aLaterWriteWinsOverASlowEncoding() async throws {
    try await withTemporaryFolder { folder in
      let cache = try TwoTierCache(directory: folder)
      let gate = DispatchSemaphore(value: 0)
      cache.setInBackground(
        encodedBy: {
          gate.wait()
          return Data("slow".utf8)
        }, forKey: "k")
      try cache.setInBackground(Data("later".utf8), forKey: "k")
      #expect(await cache.data(forKey: "k") == Data("later".utf8))
      gate.signal()
      await cache.flush()
      #expect(await cache.data(forKey: "k") == Data("later".utf8))
      #expect(try await TwoTierCache(directory: folder).data(forKey: "k") == Data("later".utf8))
    }
  }

  @Test("nothing is stored when the encoding fails or the disk would refuse its bytes")
  func aFailedOrRefusedEncodingStoresNothing() async throws {
    try await withTemporaryFolder { folder in
      let cache = try TwoTierCache(directory: folder, limits: .init(maxBytes: 10_000, maxEntryBytes: 10))
      try await cache.set(Data("kept".utf8), forKey: "k")
      cache.setInBackground(encodedBy: { nil }, forKey: "k")
      #expect(await cache.data(forKey: "k") == Data("kept".utf8))
      cache.setInBackground(encodedBy: { Data(count: 11) }, forKey: "big")
      await cache.flush()
      #expect(await cache.data(forKey: "big") == nil)
      #expect(await cache.data(forKey: "k") == Data("kept".utf8))
      #expect(cache.pendingWriteCount == 0)
    }
  }
}
