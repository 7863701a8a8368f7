import Foundation
import HollowCache

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The disk rows: `count` entries of `size` bytes set then read through ``DiskCache``, against the
/// same bytes written and read with bare system calls.
public struct DiskBench: Sendable {
  public let count: Int
  public let size: Int

  public init(count: Int, size: Int) {
    self.count = count
    self.size = size
  }

  private func payload(_ index: Int) -> Data {
    var data = Data(repeating: UInt8(truncatingIfNeeded: index), count: size)
    withUnsafeBytes(of: index) { data.replaceSubrange(0..<$0.count, with: $0) }
    return data
  }

  private func freshFolder() -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("hollow-disk-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// A cache and a bare folder holding the same entries, for get passes over both.
  public final class Filled: Sendable {
    public let cache: DiskCache
    let cacheFolder: String
    let rawFolder: String
    let count: Int
    let size: Int
    /// The time the sets took: through the cache, and with bare system calls.
    public let cacheSet: Duration
    public let rawSet: Duration

    init(
      cache: DiskCache, cacheFolder: String, rawFolder: String, count: Int, size: Int, cacheSet: Duration,
      rawSet: Duration
    ) {
      self.cache = cache
      self.cacheFolder = cacheFolder
      self.rawFolder = rawFolder
      self.count = count
      self.size = size
      self.cacheSet = cacheSet
      self.rawSet = rawSet
    }

    deinit {
      try? FileManager.default.removeItem(atPath: cacheFolder)
      try? FileManager.default.removeItem(atPath: rawFolder)
    }

    /// Gets every entry through the cache once.
    public func cacheGetPass() async -> Duration {
      let clock = ContinuousClock()
      let start = clock.now
      var bytes = 0
      for index in 0..<count { bytes += await cache.data(forKey: "bench/\(index)")?.count ?? 0 }
      let end = clock.now
      precondition(bytes == count * size, "the cache lost entries")
      return end - start
    }

    /// The bound: each file opened, read whole and closed.
    public func rawGetPass() -> Duration {
      var bytes = 0
      var buffer = [UInt8](repeating: 0, count: size + 1)
      let clock = ContinuousClock()
      let start = clock.now
      for index in 0..<count {
        let file = open(rawFolder + "/\(index)", O_RDONLY)
        bytes += buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
        close(file)
      }
      let end = clock.now
      precondition(bytes == count * size, "raw reads came up short")
      return end - start
    }
  }

  /// Sets every entry through the cache and the same bytes as bare files with the durability the cache gives
  /// (per entry, a temporary file written and synced, renamed into place, the folder synced).
  ///
  /// The two alternate entry by entry, each timed on its own: the file system's inode allocator slows down
  /// after many recent deletions (the previous run's folders), and whichever went first would pay for it.
  public func fill() async throws -> Filled {
    let cacheFolder = freshFolder()
    let rawFolder = freshFolder()
    let cache = try DiskCache(directory: cacheFolder, limits: .init(maxBytes: 4 << 30))
    let payloads = (0..<count).map(payload)
    let directory = open(rawFolder, O_RDONLY)
    defer { close(directory) }
    let clock = ContinuousClock()
    var cacheSet = Duration.zero
    var rawSet = Duration.zero
    for index in 0..<count {
      let start = clock.now
      try await cache.set(payloads[index], forKey: "bench/\(index)")
      let middle = clock.now
      let temporary = rawFolder + "/.tmp-\(index)"
      let file = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
      payloads[index].withUnsafeBytes { _ = write(file, $0.baseAddress, $0.count) }
      fsync(file)
      close(file)
      rename(temporary, rawFolder + "/\(index)")
      fsync(directory)
      let end = clock.now
      cacheSet += middle - start
      rawSet += end - middle
    }
    return Filled(
      cache: cache, cacheFolder: cacheFolder, rawFolder: rawFolder, count: count, size: size, cacheSet: cacheSet,
      rawSet: rawSet)
  }
}
