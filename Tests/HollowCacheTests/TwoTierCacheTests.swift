import Foundation
import HollowCache
import Testing

@Suite("TwoTierCache: memory in front of disk, Codable values, namespaces")
struct TwoTierCacheTests {
  struct Post: Codable, Equatable {
    var id: Int
    var text: String
  }

  @Test("a set value is served from memory; a fresh instance finds it on disk and promotes it")
  func tiers() async throws {
    try await withTemporaryFolder { folder in
      let cache = try TwoTierCache(directory: folder)
      try await cache.set(Data("v".utf8), forKey: "k")
      #expect(await cache.data(forKey: "k") == Data("v".utf8))
      var statistics = await cache.statistics
      #expect(statistics.memory.hits == 1 && statistics.disk.hits == 0)
      #expect(cache.path == folder)

      let fresh = try TwoTierCache(directory: folder)
      #expect(await fresh.data(forKey: "k") == Data("v".utf8))
      #expect(await fresh.data(forKey: "k") == Data("v".utf8))
      statistics = await fresh.statistics
      #expect(statistics.memory.misses == 1 && statistics.memory.hits == 1)
      #expect(statistics.disk.hits == 1)
    }
  }

  @Test("storedDate is the disk entry's creation, after a background write lands, and counts no read")
  func storedDate() async throws {
    try await withTemporaryFolder { folder in
      let stored = Date(timeIntervalSince1970: 1_700_000_000)
      let namespace = CacheNamespace(serverURL: "http://a.test", token: "t")
      let cache = try TwoTierCache(directory: folder, namespace: namespace, now: { stored })
      #expect(await cache.storedDate(forKey: "k") == nil)
      try cache.setInBackground(Data("v".utf8), forKey: "k")
      #expect(await cache.storedDate(forKey: "k") == stored)
      let statistics = await cache.statistics
      #expect(statistics.disk.hits == 0 && statistics.disk.misses == 0)
    }
  }

  @Test("keys lists this namespace's entries only, without the namespace, also after a reopen")
  func keysPerNamespace() async throws {
    try await withTemporaryFolder { folder in
      let alice = CacheNamespace(serverURL: "http://a.test", token: "alice")
      let bob = CacheNamespace(serverURL: "http://a.test", token: "bob")
      let mine = try TwoTierCache(directory: folder, namespace: alice)
      let theirs = try TwoTierCache(directory: folder, namespace: bob)
      for key in ["post/2", "post/1", "image/x"] { try await mine.set(Data(key.utf8), forKey: key) }
      try await theirs.set(Data("b".utf8), forKey: "post/3")
      #expect(await mine.keys() == ["image/x", "post/1", "post/2"])
      #expect(await mine.keys(withPrefix: "post/") == ["post/1", "post/2"])
      #expect(await theirs.keys() == ["post/3"])
      try await mine.removeValue(forKey: "post/1")
      let reopened = try TwoTierCache(directory: folder, namespace: alice)
      #expect(await reopened.keys() == ["image/x", "post/2"])
      let unspaced = try TwoTierCache(directory: folder)
      #expect(await unspaced.keys().count == 3)  // no namespace: every full key
    }
  }

  @Test("Codable values round-trip")
  func codable() async throws {
    try await withTemporaryFolder { folder in
      let cache = try TwoTierCache(directory: folder)
      try await cache.set(value: Post(id: 7, text: "hi"), forKey: "post")
      #expect(await cache.value(Post.self, forKey: "post") == Post(id: 7, text: "hi"))
      let fresh = try TwoTierCache(directory: folder)
      #expect(await fresh.value(Post.self, forKey: "post") == Post(id: 7, text: "hi"))
      #expect(await fresh.value(Post.self, forKey: "absent") == nil)
    }
  }

  @Test("a value that does not decode is a miss, removed from both tiers and counted as corrupt")
  func undecodable() async throws {
    try await withTemporaryFolder { folder in
      let cache = try TwoTierCache(directory: folder)
      try await cache.set(Data("not json".utf8), forKey: "post")
      #expect(await cache.value(Post.self, forKey: "post") == nil)
      let statistics = await cache.statistics
      #expect(statistics.memory.corruptDropped == 1 && statistics.disk.corruptDropped == 1)
      #expect(statistics.memory.entryCount == 0 && statistics.disk.entryCount == 0)
      #expect(await cache.data(forKey: "post") == nil)
      #expect(try folderContents(folder) == [".lock"])
    }
  }

  @Test("the time to live applies to both tiers")
  func expiry() async throws {
    try await withTemporaryFolder { folder in
      let clock = TestClock()
      let cache = try TwoTierCache(directory: folder, now: clock.now)
      try await cache.set(Data("v".utf8), forKey: "k", ttl: .seconds(60))
      clock.advance(seconds: 59)
      #expect(await cache.data(forKey: "k") != nil)
      clock.advance(seconds: 1)
      #expect(await cache.data(forKey: "k") == nil)
      let statistics = await cache.statistics
      #expect(statistics.memory.expiredRemoved == 1 && statistics.disk.expiredRemoved == 1)
    }
  }

  @Test("removeValue and removeAll clear both tiers; a rejected entry leaves memory without the key")
  func removal() async throws {
    try await withTemporaryFolder { folder in
      let cache = try TwoTierCache(directory: folder, limits: .init(maxBytes: 10_000, maxEntryBytes: 10))
      try await cache.set(Data("one".utf8), forKey: "a")
      try await cache.set(Data("two".utf8), forKey: "b")
      try await cache.removeValue(forKey: "a")
      #expect(await cache.data(forKey: "a") == nil)
      await #expect(throws: CacheError.entryTooLarge(size: 11, limit: 10)) {
        try await cache.set(Data(count: 11), forKey: "b")
      }
      #expect(cache.memory.value(forKey: "b") == nil)
      try await cache.removeAll()
      #expect(await cache.data(forKey: "b") == nil)
      #expect(try await cache.verify().checked == 0)
    }
  }

  @Test("two accounts or two servers sharing a folder never see each other's entries; the token is never stored")
  func namespaceIsolation() async throws {
    try await withTemporaryFolder { folder in
      let token = "tok-SECRET-0123456789"
      let alice = CacheNamespace(serverURL: "https://hole.example", token: token)
      let bob = CacheNamespace(serverURL: "https://hole.example", token: "another-token")
      let elsewhere = CacheNamespace(serverURL: "https://other.example", token: token)
      let aliceCache = try TwoTierCache(directory: folder, namespace: alice)
      let bobCache = try TwoTierCache(directory: folder, namespace: bob)
      let elsewhereCache = try TwoTierCache(directory: folder, namespace: elsewhere)

      try await aliceCache.set(Data("alice".utf8), forKey: "feed")
      try await bobCache.set(Data("bob".utf8), forKey: "feed")
      #expect(await aliceCache.data(forKey: "feed") == Data("alice".utf8))
      #expect(await bobCache.data(forKey: "feed") == Data("bob".utf8))
      #expect(await elsewhereCache.data(forKey: "feed") == nil)
      let aliceAgain = try TwoTierCache(directory: folder, namespace: alice)
      #expect(await aliceAgain.data(forKey: "feed") == Data("alice".utf8))

      let tokenBytes = Data(token.utf8)
      let tokenHash = Data(SHA256.hex(token).utf8)
      for name in try folderContents(folder) {
        let contents = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
        #expect(contents.range(of: tokenBytes) == nil && contents.range(of: tokenHash) == nil)
        #expect(!name.contains(token))
      }
    }
  }
}
