import Foundation
import HollowCache
import Synchronization
import Testing

@testable import HollowCLI

/// A store in memory whose `failingWrite`-th write fails.
private final class FlakyStore: ArchiveStore {
  let contents: Mutex<[String: Data]>
  private let writes = Mutex(0)
  let failingWrite: Int

  init(_ contents: [String: Data], failingWrite: Int) {
    self.contents = Mutex(contents)
    self.failingWrite = failingWrite
  }

  func data(forKey key: String) async -> Data? { contents.withLock { $0[key] } }

  func set(_ data: Data, forKey key: String, ttl: Duration?) async throws(CacheError) {
    let count = writes.withLock { count in
      count += 1
      return count
    }
    if count == failingWrite {
      // Like a torn write: the store holds garbage for the key when the error is thrown.
      contents.withLock { $0[key] = Data("garbage".utf8) }
      throw .ioFailed(operation: "write", path: "/test", code: 28)
    }
    contents.withLock { $0[key] = data }
  }

  func removeValue(forKey key: String) async throws(CacheError) {
    _ = contents.withLock { $0.removeValue(forKey: key) }
  }
}

@Suite struct ArchiveWriterTests {
  private let entries = (1...4).map { ArchiveEntry(key: "post/v1/\($0)", data: Data("new \($0)".utf8)) }
  private let original = ["post/v1/2": Data("old 2".utf8), "post/v1/9": Data("other".utf8)]

  @Test func writesEveryEntry() async throws {
    let store = FlakyStore(original, failingWrite: 0)
    try await ArchiveWriter(store: store).write(entries)
    #expect(store.contents.withLock { $0.count } == 5)
    #expect(await store.data(forKey: "post/v1/2") == Data("new 2".utf8))
  }

  @Test func aFailedWriteRestoresEverything() async {
    for failing in 1...4 {
      let store = FlakyStore(original, failingWrite: failing)
      await #expect(throws: CacheError.self) { try await ArchiveWriter(store: store).write(entries) }
      #expect(store.contents.withLock { $0 } == original, "failing write \(failing)")
    }
  }
}
