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
struct FileStatus: Equatable {
  /// The `S_IFMT` bits of the mode.
  var type: mode_t
  var permissions: mode_t
  var owner: uid_t
  var links: Int
  var device: UInt64
  var inode: UInt64
  var size: Int

  init(_ info: stat) {
    type = info.st_mode & S_IFMT
    permissions = info.st_mode & 0o7777
    owner = info.st_uid
    links = Int(info.st_nlink)
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = Int(info.st_size)
  }

  var isRegularFile: Bool { type == S_IFREG }
  var isDirectory: Bool { type == S_IFDIR }

  /// Whether `other` describes the same file (not merely an equal one).
  func isSameFile(as other: FileStatus) -> Bool {
    device == other.device && inode == other.inode
  }

  /// Why a file that should be one of the cache's own (an entry or the lock file) cannot be trusted: it is not
  /// a regular file (a FIFO would block its reader, a folder never reads), or another user owns it, or it has
  /// other names (a hard link, through which a write would land elsewhere). Nil when it is sound.
  func defect(expectedOwner: uid_t) -> EntryDefect? {
    guard isRegularFile else { return .notRegularFile }
    guard owner == expectedOwner, links == 1 else { return .notOwned }
    return nil
  }
}
