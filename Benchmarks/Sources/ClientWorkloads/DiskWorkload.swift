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

  /// Sets every entry, then gets every entry; returns (set seconds, get seconds).
  public func cache() async throws -> (set: Duration, get: Duration) {
    let folder = freshFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let cache = try DiskCache(directory: folder, limits: .init(maxBytes: 4 << 30))
    let payloads = (0..<count).map(payload)
    let clock = ContinuousClock()
    let start = clock.now
    for index in 0..<count { try await cache.set(payloads[index], forKey: "bench/\(index)") }
    let middle = clock.now
    var bytes = 0
    for index in 0..<count { bytes += await cache.data(forKey: "bench/\(index)")?.count ?? 0 }
    let end = clock.now
    precondition(bytes == count * size, "the cache lost entries")
    return (middle - start, end - middle)
  }

  /// The bound: per entry, a temporary file written and synced, renamed into place and the folder
  /// synced (the durability the cache gives), then each file opened, read whole and closed.
  public func raw() -> (set: Duration, get: Duration) {
    let folder = freshFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let payloads = (0..<count).map(payload)
    let directory = open(folder, O_RDONLY)
    defer { close(directory) }
    let clock = ContinuousClock()
    let start = clock.now
    for index in 0..<count {
      let temporary = folder + "/.tmp-\(index)"
      let file = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
      payloads[index].withUnsafeBytes { _ = write(file, $0.baseAddress, $0.count) }
      fsync(file)
      close(file)
      rename(temporary, folder + "/\(index)")
      fsync(directory)
    }
    let middle = clock.now
    var bytes = 0
    var buffer = [UInt8](repeating: 0, count: size + 1)
    for index in 0..<count {
      let file = open(folder + "/\(index)", O_RDONLY)
      bytes += buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
      close(file)
    }
    let end = clock.now
    precondition(bytes == count * size, "raw reads came up short")
    return (middle - start, end - middle)
  }
}
