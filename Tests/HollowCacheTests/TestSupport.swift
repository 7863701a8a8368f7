import Foundation
import HollowCache
import Synchronization

/// A clock the tests move by hand, so expiry and last-access order need no sleeping.
final class TestClock: Sendable {
  private let current = Mutex(Date(timeIntervalSince1970: 1_700_000_000))

  var now: @Sendable () -> Date { { self.current.withLock { $0 } } }

  func advance(seconds: Double) {
    current.withLock { $0 += seconds }
  }
}

/// Runs `body` with a new empty folder under the temporary directory, deleted afterwards.
func withTemporaryFolder<T>(_ body: (String) async throws -> T) async throws -> T {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent("hollow-cache-tests-\(UUID().uuidString)")
    .path
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: path) }
  return try await body(path)
}

/// The path of the entry file for `key` in `folder`.
func entryPath(_ folder: String, _ key: String) -> String {
  folder + "/" + SHA256.hex(key)
}

/// A payload that proves its own integrity: the SHA-256 of the rest, then `key`, a newline and filler.
func selfCheckingPayload(key: String, fillerCount: Int) -> Data {
  var body = Array(key.utf8) + [0x0A]
  body += (0..<fillerCount).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ key.utf8.count) }
  return Data(SHA256.digest(body) + body)
}

/// Whether `data` is a payload from ``selfCheckingPayload(key:fillerCount:)`` (or the crash helper) for `key`.
func isSelfCheckingPayload(_ data: Data, key: String) -> Bool {
  let bytes = Array(data)
  guard bytes.count >= 32 else { return false }
  let body = Array(bytes[32...])
  return SHA256.digest(body) == Array(bytes[0..<32]) && body.starts(with: Array(key.utf8) + [0x0A])
}

/// The names in `folder`.
func folderContents(_ folder: String) throws -> Set<String> {
  Set(try FileManager.default.contentsOfDirectory(atPath: folder))
}
