#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small per-user file in the data folder, replaced whole: written to a temporary file beside
/// it (mode 0600, never following a link), then renamed over it, so a reader sees the old file or
/// the new one and never half of either. The drafts (``DraftStore``) and the read state
/// (``ReadStateStore``) are kept this way.
///
/// ```swift
/// let written = AtomicFile.write(data, to: "/home/me/.local/share/hollow/drafts.json")
/// if case .failure(let reason) = written { print(reason.reason) }
/// ```
enum AtomicFile {
  /// Why a file could not be written, in words for the status line.
  struct Failure: Error, Sendable, Equatable {
    var reason: String
  }

  /// Writes `data` to `path`, creating its folder (mode 0700) if needed.
  static func write(_ data: Data, to path: String) -> Result<Void, Failure> {
    let folder = PathKind.parent(of: path)
    do {
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      return .failure(Failure(reason: "cannot create \(folder)"))
    }
    let temporary = path + ".\(getpid()).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else {
      return .failure(Failure(reason: "cannot write \(temporary): \(String(cString: strerror(errno)))"))
    }
    let written = data.withUnsafeBytes { bytes in systemWrite(descriptor, bytes.baseAddress, bytes.count) }
    close(descriptor)
    guard written == data.count, rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      return .failure(Failure(reason: "cannot write \(path): \(reason)"))
    }
    return .success(())
  }
}

/// The C library's `write`, named apart from ``AtomicFile/write(_:to:)``.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
