import HollowCache

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

/// The file in the user's data folder that keeps the demo server's writes (a ``DemoJournal``), shared by
/// every server process on that folder: `serve` and each command's embedded server.
///
/// Writes are atomic (a temporary file is written, synced and renamed over the state file, then the folder is
/// synced) and happen under an exclusive `flock` on `demo-state.lock`, inside which the writer first takes in
/// what other processes wrote; reads need no lock, since a rename swaps whole files. A file that cannot be
/// read (garbage, another format, not a regular file) is renamed aside, never deleted, and reported. The
/// folder must belong to this user and is opened once; every file in it is opened without following links.
///
/// ```swift
/// let file = try DemoStateFile(folder: dataFolder, seed: 1, postCount: 320)
/// try file.lock(); defer { file.unlock() }
/// if case .journal(var journal, _) = file.read() { journal.operations.append(op); _ = try file.write(journal) }
/// ```
final class DemoStateFile: Sendable {
  /// Identifies one version of the file: every write renames a new file into place.
  struct Stamp: Sendable, Equatable {
    var inode: UInt64
    var size: Int
    var modified: Int64
  }

  enum Contents: Sendable {
    case absent
    case journal(DemoJournal, Stamp)
    /// The file is there but cannot be used; the reason says why.
    case unreadable(String)
  }

  static let lockName = "demo-state.lock"
  static let temporaryPrefix = ".demo-state-"
  static let temporarySuffix = ".tmp"
  /// A larger state file is not read (uploaded images make it grow; this is far beyond a demo's use).
  static let maximumSize = 256 << 20

  let folder: FolderDescriptor
  /// The state file's name: one per data set (seed and post count).
  let name: String
  let seed: UInt64
  let postCount: Int
  private let lockFile: FileDescriptor

  /// Opens (creating it with mode 0700 if needed) the data folder and its lock file, and removes temporary
  /// files a killed writer left.
  init(folder path: String, seed: UInt64, postCount: Int) throws(DemoStateError) {
    do throws(CacheError) {
      try FolderDescriptor.create(path)
      folder = try FolderDescriptor.open(path, owner: geteuid())
    } catch {
      switch error {
      case .unsafeDirectory(_, let reason): throw .unusableFolder(path: path, reason: reason)
      case .directoryUnavailable(_, let code): throw .unusableFolder(path: path, reason: systemMessage(code))
      default: throw .unusableFolder(path: path, reason: error.description)
      }
    }
    name = "demo-state-seed-\(seed)-posts-\(postCount).json"
    self.seed = seed
    self.postCount = postCount
    do throws(SystemError) {
      lockFile = try folder.open(Self.lockName, flags: O_RDWR | O_CREAT | O_NONBLOCK)
      guard try lockFile.status().defect(expectedOwner: geteuid()) == nil else {
        throw SystemError(code: EPERM)
      }
    } catch {
      throw .unusableFolder(path: path, reason: "\(Self.lockName) is not a regular file of this user's")
    }
    try lock()
    defer { unlock() }
    for leftover in (try? folder.names()) ?? []
    where leftover.hasPrefix(Self.temporaryPrefix) && leftover.hasSuffix(Self.temporarySuffix) {
      try? folder.removeItem(leftover)
    }
  }

  /// The state file's path, for messages.
  var path: String { folder.path(of: name) }

  /// Takes the exclusive lock every writer holds while it reads, changes and writes the file.
  func lock() throws(DemoStateError) {
    do throws(SystemError) {
      try lockFile.lockExclusively()
    } catch {
      throw .ioFailed(operation: "lock", path: folder.path(of: Self.lockName), reason: systemMessage(error.code))
    }
  }

  func unlock() {
    lockFile.unlock()
  }

  /// The identity of the file there now, or nil when there is none: a cheap way to learn another process
  /// wrote.
  func stamp() -> Stamp? {
    guard let status = try? folder.status(of: name) else { return nil }
    return Stamp(inode: status.inode, size: status.size, modified: status.modified)
  }

  /// What the file holds now.
  func read() -> Contents {
    let file: FileDescriptor
    do throws(SystemError) {
      file = try folder.open(name, flags: O_RDONLY | O_NONBLOCK)
    } catch {
      return error.code == ENOENT ? .absent : .unreadable(systemMessage(error.code))
    }
    do throws(SystemError) {
      let status = try file.status()
      if let defect = status.defect(expectedOwner: geteuid()) { return .unreadable(defect.description) }
      guard status.size <= Self.maximumSize else { return .unreadable("larger than \(Self.maximumSize) bytes") }
      let bytes = try file.read(at: 0, count: status.size)
      let journal: DemoJournal
      do {
        journal = try JSONDecoder().decode(DemoJournal.self, from: Data(bytes))
      } catch {
        return .unreadable("not valid JSON of the expected shape")
      }
      if let mismatch = journal.mismatch(seed: seed, postCount: postCount) { return .unreadable(mismatch) }
      return .journal(journal, Stamp(inode: status.inode, size: status.size, modified: status.modified))
    } catch {
      return .unreadable(systemMessage(error.code))
    }
  }

  /// Renames the file aside (`….unreadable-<seconds since 1970>`) so a fresh one can take its place, and
  /// answers the new path; nil when even that failed.
  func setAside() -> String? {
    let aside = name + ".unreadable-\(Int(Date().timeIntervalSince1970))"
    guard (try? folder.rename(name, to: aside)) != nil else { return nil }
    folder.sync()
    return folder.path(of: aside)
  }

  /// Deletes the file: the demo starts over. Call holding the lock.
  func remove() throws(DemoStateError) {
    do throws(SystemError) {
      try folder.removeItem(name)
    } catch {
      throw .ioFailed(operation: "remove", path: path, reason: systemMessage(error.code))
    }
  }

  /// Replaces the file with `journal`, atomically; answers the new file's stamp. Call holding the lock.
  func write(_ journal: DemoJournal) throws(DemoStateError) -> Stamp? {
    let bytes: [UInt8]
    do {
      bytes = Array(try JSONEncoder().encode(journal))
    } catch {
      throw .ioFailed(operation: "encode", path: path, reason: "\(error)")
    }
    let temporary = Self.temporaryPrefix + String(UInt64.random(in: 0...UInt64.max), radix: 16) + Self.temporarySuffix
    do throws(SystemError) {
      do {
        let file = try folder.open(temporary, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o600)
        try file.write(bytes, at: 0)
        try file.sync()
      }
      try folder.rename(temporary, to: name)
    } catch {
      _ = try? folder.removeItem(temporary)
      throw .ioFailed(operation: "write", path: path, reason: systemMessage(error.code))
    }
    folder.sync()
    return stamp()
  }
}
