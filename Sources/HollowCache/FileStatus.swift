#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The facts of a file the cache checks before trusting it: its type, owner, link count, identity and size.
///
/// ```swift
/// let status = try file.status()
/// if let defect = status.defect(expectedOwner: geteuid()) { /* a FIFO, a folder, someone else's file… */ }
/// ```
package struct FileStatus: Equatable {
  /// The `S_IFMT` bits of the mode.
  package var type: mode_t
  package var permissions: mode_t
  package var owner: uid_t
  package var links: Int
  package var device: UInt64
  package var inode: UInt64
  package var size: Int
  /// The last modification, in nanoseconds since 1970.
  package var modified: Int64

  package init(_ info: stat) {
    type = info.st_mode & S_IFMT
    permissions = info.st_mode & 0o7777
    owner = info.st_uid
    links = Int(info.st_nlink)
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = Int(info.st_size)
    #if canImport(Darwin)
    modified = Int64(info.st_mtimespec.tv_sec) &* 1_000_000_000 &+ Int64(info.st_mtimespec.tv_nsec)
    #else
    modified = Int64(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_mtim.tv_nsec)
    #endif
  }

  package var isRegularFile: Bool { type == S_IFREG }
  package var isDirectory: Bool { type == S_IFDIR }

  /// Whether `other` describes the same file (not merely an equal one).
  package func isSameFile(as other: FileStatus) -> Bool {
    device == other.device && inode == other.inode
  }

  /// Why a file that should be one of the cache's own (an entry or the lock file) cannot be trusted: it is not
  /// a regular file (a FIFO would block its reader, a folder never reads), or another user owns it, or it has
  /// other names (a hard link, through which a write would land elsewhere). Nil when it is sound.
  package func defect(expectedOwner: uid_t) -> EntryDefect? {
    guard isRegularFile else { return .notRegularFile }
    guard owner == expectedOwner, links == 1 else { return .notOwned }
    return nil
  }
}
