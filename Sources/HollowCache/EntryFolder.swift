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

/// The outcome of reading one entry file.
enum EntryRead {
  /// No file has that name.
  case missing
  /// The file failed a check.
  case defective(EntryDefect)
  /// The file passed every check; `payload` is nil when it was not asked for.
  case valid(EntryHeader, payload: Data?)
  /// The system refused the read (for example `EACCES` or `EIO`); the file was left alone.
  case failed(SystemError)
}

/// The files of one cache folder: entry files, temporary files and the lock file.
///
/// Names: an entry file is named by the 64 lowercase hexadecimal digits of the SHA-256 of its full key; a
/// temporary file is `.tmp-<random>.partial`; the lock file is `.lock`. Other files are left alone.
///
/// Every mutation (rename into place, unlink, leftover cleanup) happens inside ``withLock(_:)``, an exclusive
/// `flock` on the lock file, so two processes (or two instances in one process, which open their own lock
/// file descriptions) never interleave them. Reads take no lock: renames are atomic, so a reader opens either
/// a whole old file or a whole new one, and it checks everything it reads anyway.
///
/// **A folder someone else could touch.** The folder must be ours and not a symbolic link (see
/// ``FolderDescriptor/open(_:owner:)``); every file in it is opened relative to the folder's descriptor with
/// `O_NOFOLLOW`, and checked with `fstat` before it is trusted: an entry or lock file that is not a regular
/// file of ours with one name (a symbolic link, a FIFO, a folder, a hard link, someone else's file) is a
/// defect, removed like a corrupt entry. Reads open with `O_NONBLOCK`, so a FIFO answers at once instead of
/// blocking its reader (and the folder's lock with it).
final class EntryFolder {
  static let temporaryPrefix = ".tmp-"
  static let temporarySuffix = ".partial"
  static let lockFileName = ".lock"
  /// Rounds of "open the lock file, find it was replaced, open it again" before giving up.
  static let maximumLockAttempts = 8

  let folder: FolderDescriptor
  /// The user every file must belong to: this process's effective user, unless a test says otherwise.
  let owner: uid_t
  /// Why the lock file found when opening was removed and made again, if it was.
  let replacedLockFile: EntryDefect?
  private var lockFile: FileDescriptor

  var path: String { folder.path }

  /// Creates the folder (mode 0700) and its lock file (mode 0600) if needed, checks both, and opens the lock
  /// file. A lock file that cannot be trusted is removed and made again (see ``replacedLockFile``).
  ///
  /// - Parameter owner: who must own the folder and its files; the effective user unless a test injects one.
  init(path: String, owner: uid_t = geteuid()) throws(CacheError) {
    try FolderDescriptor.create(path)
    folder = try FolderDescriptor.open(path, owner: owner)
    self.owner = owner
    var replaced: EntryDefect?
    lockFile = try Self.openLockFile(in: folder, owner: owner, replaced: &replaced)
    replacedLockFile = replaced
  }

  /// Runs `body` holding the folder's exclusive lock. `body` must not suspend: the lock blocks its thread.
  func withLock<T>(_ body: () throws(CacheError) -> T) throws(CacheError) -> T {
    try lockCurrentFile()
    defer { lockFile.unlock() }
    return try body()
  }

  /// Locks the file named `.lock` now. Another process may have replaced a bad lock file since this one was
  /// opened, and a lock on a file no longer under that name excludes no one: then the new one is opened.
  private func lockCurrentFile() throws(CacheError) {
    for _ in 0..<Self.maximumLockAttempts {
      do throws(SystemError) {
        try lockFile.lockExclusively()
        let held = try lockFile.status()
        if let current = try folder.status(of: Self.lockFileName), current.isSameFile(as: held) { return }
        lockFile.unlock()
      } catch {
        throw .ioFailed(operation: "lock", path: folder.path(of: Self.lockFileName), code: error.code)
      }
      var replaced: EntryDefect?
      lockFile = try Self.openLockFile(in: folder, owner: owner, replaced: &replaced)
    }
    throw .ioFailed(operation: "lock", path: folder.path(of: Self.lockFileName), code: EAGAIN)
  }

  /// Opens (creating if needed) the lock file; whatever sits under its name that is not a regular file of
  /// `owner` is removed first and `replaced` says why. Never follows a link and never changes a file's mode
  /// before checking it, so a planted `.lock` link cannot make this process create or chmod a file elsewhere.
  private static func openLockFile(in folder: FolderDescriptor, owner: uid_t, replaced: inout EntryDefect?)
    throws(CacheError) -> FileDescriptor
  {
    let lockPath = folder.path(of: lockFileName)
    for _ in 0..<maximumLockAttempts {
      let defect: EntryDefect
      do throws(SystemError) {
        let file = try folder.open(lockFileName, flags: O_RDWR | O_CREAT | O_NONBLOCK)
        let status = try file.status()
        if let found = status.defect(expectedOwner: owner) {
          defect = found
        } else {
          if status.permissions != 0o600 { try file.setPermissions(0o600) }
          return file
        }
      } catch {
        guard isNotAFile(error.code) else { throw .directoryUnavailable(path: folder.path, code: error.code) }
        defect = .notRegularFile
      }
      replaced = replaced ?? defect
      do throws(SystemError) {
        try folder.removeItem(lockFileName)
      } catch {
        throw .ioFailed(operation: "remove", path: lockPath, code: error.code)
      }
    }
    throw .ioFailed(operation: "open", path: lockPath, code: ELOOP)
  }

  /// Whether an `open` failed because the name is not a file that can be opened as one: a symbolic link
  /// (`O_NOFOLLOW`: `ELOOP`, `EMLINK` on BSDs), a folder opened for writing, a socket.
  static func isNotAFile(_ code: Int32) -> Bool {
    code == ELOOP || code == EMLINK || code == EISDIR || code == ENXIO || code == EOPNOTSUPP
  }

  func entryPath(_ name: String) -> String {
    folder.path(of: name)
  }

  /// Reads and checks the entry file `name`.
  ///
  /// The stored key must equal `expectedKey`, or, without one, hash to `name`. The payload is read and its
  /// checksum checked only when `payload` is true. When `touch` is given, the file is sound and its recorded
  /// last access is more than ``EntryHeader/lastAccessGranularity`` older, that field is rewritten to `touch`.
  ///
  /// The file is opened without following a link and without blocking, and its `fstat` decides first: a
  /// file that is not a regular one of ours is ``EntryDefect/notRegularFile`` or ``EntryDefect/notOwned``,
  /// unread. With the payload, a file of up to ``wholeReadLimit`` bytes comes in with one `pread` of the size
  /// `fstat` gave into the buffer the returned `Data` keeps, so its bytes are never copied in this process. A
  /// larger file has its header read and checked first, so a huge garbage file costs no huge allocation, then
  /// its payload is read straight into the `Data`'s buffer.
  func read(_ name: String, expectedKey: [UInt8]?, payload: Bool, touch: Timestamp?) -> EntryRead {
    let file: FileDescriptor
    do throws(SystemError) {
      file = try folder.open(name, flags: O_RDONLY | O_NONBLOCK)
    } catch {
      if error.code == ENOENT { return .missing }
      return Self.isNotAFile(error.code) ? .defective(.notRegularFile) : .failed(error)
    }
    do throws(SystemError) {
      let status = try file.status()
      if let defect = status.defect(expectedOwner: owner) { return .defective(defect) }
      let size = status.size
      guard size > 0 else { return .defective(.empty) }
      let outcome: Result<LoadedEntry, EntryDefect>
      if payload && size <= Self.wholeReadLimit {
        outcome = try Self.loadWhole(file, size: size)
      } else {
        outcome = try Self.loadHeaderFirst(file, size: size, payload: payload)
      }
      let loaded: LoadedEntry
      switch outcome {
      case .success(let entry): loaded = entry
      case .failure(let defect): return .defective(defect)
      }
      let keyMatches = expectedKey.map { $0 == loaded.header.key } ?? (SHA256.hex(loaded.header.key) == name)
      guard keyMatches else { return .defective(.keyMismatch) }
      if let body = loaded.payload {
        var crc = CRC32()
        body.withUnsafeBytes { crc.update(buffer: $0) }
        guard crc.value == loaded.header.payloadCRC else { return .defective(.payloadChecksum) }
      }
      let header = loaded.header
      if let touch, header.lastAccess.microseconds < touch.microseconds - EntryHeader.lastAccessGranularity {
        rewriteLastAccess(name, of: status, to: touch)
      }
      return .valid(header, payload: loaded.payload)
    } catch {
      return .failed(error)
    }
  }

  /// Best effort, on a descriptor of its own since this is rare (once a minute per entry at most): a file we
  /// may read but not write is still served, and a lost update only changes which entry is evicted first.
  /// Written only if the name still leads to the very file just read.
  private func rewriteLastAccess(_ name: String, of status: FileStatus, to touch: Timestamp) {
    guard let writable = try? folder.open(name, flags: O_WRONLY | O_NONBLOCK),
      let current = try? writable.status(), current.isSameFile(as: status)
    else { return }
    try? writable.write(EntryHeader.encodeLastAccess(touch), at: EntryHeader.lastAccessOffset)
  }

  /// Files up to this size are read whole in one system call when their payload is wanted.
  static let wholeReadLimit = 1 << 20

  /// A decoded header and, when asked for, the payload (not yet checked against its checksum).
  private struct LoadedEntry {
    var header: EntryHeader
    var payload: Data?
  }

  /// The whole file (`size` bytes, as `fstat` said) in one `pread`; the payload `Data` keeps the buffer and
  /// frees it. A shorter read means something truncated the file under us.
  private static func loadWhole(_ file: borrowing FileDescriptor, size: Int) throws(SystemError)
    -> Result<LoadedEntry, EntryDefect>
  {
    guard let memory = malloc(size) else { throw SystemError(code: ENOMEM) }
    let read: Int
    do throws(SystemError) {
      read = try file.read(at: 0, into: UnsafeMutableRawBufferPointer(start: memory, count: size))
    } catch {
      free(memory)
      throw error
    }
    guard read == size else {
      free(memory)
      return .failure(.truncated)
    }
    let buffer = UnsafeRawBufferPointer(start: memory, count: size)
    let header: EntryHeader
    do throws(EntryDefect) {
      header = try EntryHeader(file: buffer, fileSize: size)
    } catch {
      free(memory)
      return .failure(error)
    }
    guard header.payloadLength > 0 else {
      free(memory)
      return .success(LoadedEntry(header: header, payload: Data()))
    }
    let payloadStart = header.size
    let payload = Data(
      bytesNoCopy: memory + payloadStart, count: header.payloadLength,
      deallocator: .custom { start, _ in free(start - payloadStart) })
    return .success(LoadedEntry(header: header, payload: payload))
  }

  /// The header (fixed part, then key) read and checked, then, when asked for, the payload read straight into
  /// the `Data` returned.
  private static func loadHeaderFirst(_ file: borrowing FileDescriptor, size: Int, payload: Bool) throws(SystemError)
    -> Result<LoadedEntry, EntryDefect>
  {
    let fixed = try file.read(at: 0, count: EntryHeader.fixedSize)
    let keyLength: Int
    do throws(EntryDefect) {
      keyLength = try EntryHeader.keyLength(fixed: fixed)
    } catch {
      return .failure(error)
    }
    let key = try file.read(at: EntryHeader.fixedSize, count: keyLength)
    let header: EntryHeader
    do throws(EntryDefect) {
      header = try EntryHeader(fixed: fixed, key: key, fileSize: size)
    } catch {
      return .failure(error)
    }
    guard payload else { return .success(LoadedEntry(header: header, payload: nil)) }
    let length = header.payloadLength
    guard length > 0 else { return .success(LoadedEntry(header: header, payload: Data())) }
    guard let memory = malloc(length) else { throw SystemError(code: ENOMEM) }
    let read: Int
    do throws(SystemError) {
      read = try file.read(at: header.size, into: UnsafeMutableRawBufferPointer(start: memory, count: length))
    } catch {
      free(memory)
      throw error
    }
    guard read == length else {
      free(memory)
      return .failure(.truncated)
    }
    return .success(LoadedEntry(header: header, payload: Data(bytesNoCopy: memory, count: length, deallocator: .free)))
  }

  /// Writes `bytes` as the entry file `name` atomically: a temporary file in this folder is written, synced
  /// and renamed over the entry, then the folder is synced. Call inside ``withLock(_:)``. Returns what was
  /// found under the name and removed to make room (see ``moveIntoPlace(_:as:)``).
  @discardableResult
  func write(_ name: String, bytes: [UInt8]) throws(CacheError) -> EntryDefect? {
    let temporary = try Self.writeTemporary(bytes, in: folder)
    let removed = try moveIntoPlace(temporary, as: name)
    folder.sync()
    return removed
  }

  /// Writes `bytes` to a new temporary file in `folder` and syncs it; returns the file's name. Needs no lock
  /// (the name is random, and `O_EXCL` refuses anything already there, a link included) and touches no
  /// instance, so it may run on any thread.
  static func writeTemporary(_ bytes: [UInt8], in folder: FolderDescriptor) throws(CacheError) -> String {
    let temporary = temporaryPrefix + randomToken() + temporarySuffix
    do throws(SystemError) {
      let file = try folder.open(temporary, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o600)
      try file.setPermissions(0o600)
      try file.write(bytes, at: 0)
      try file.sync()
    } catch {
      _ = try? folder.removeItem(temporary)
      throw .ioFailed(operation: "write", path: folder.path(of: temporary), code: error.code)
    }
    return temporary
  }

  /// Renames the temporary file `temporary` over the entry `name` (deleting it if that fails). A rename
  /// replaces a file or a link, never what a link points to; a folder under the name (which would refuse the
  /// rename for ever) is removed first, and reported as the defect returned. Call inside ``withLock(_:)``.
  func moveIntoPlace(_ temporary: String, as name: String) throws(CacheError) -> EntryDefect? {
    var removed: EntryDefect?
    do throws(SystemError) {
      do throws(SystemError) {
        try folder.rename(temporary, to: name)
      } catch  where error.code == EISDIR || error.code == ENOTEMPTY || error.code == EEXIST {
        try folder.removeItem(name)
        removed = .notRegularFile
        try folder.rename(temporary, to: name)
      }
    } catch {
      _ = try? folder.removeItem(temporary)
      throw .ioFailed(operation: "rename into place", path: entryPath(name), code: error.code)
    }
    return removed
  }

  /// Deletes `name` in this folder, whatever it is (a folder with its contents; a link, not its target); a
  /// file already gone is not an error. Call inside ``withLock(_:)``.
  func remove(_ name: String) throws(CacheError) {
    do throws(SystemError) {
      try folder.removeItem(name)
    } catch {
      throw .ioFailed(operation: "remove", path: folder.path(of: name), code: error.code)
    }
  }

  /// The entry files and the temporary files in this folder.
  func listing() throws(CacheError) -> (entries: [String], temporaries: [String]) {
    let names: [String]
    do throws(SystemError) {
      names = try folder.names()
    } catch {
      throw .ioFailed(operation: "list", path: path, code: error.code)
    }
    var entries: [String] = []
    var temporaries: [String] = []
    for name in names {
      if Self.isEntryName(name) {
        entries.append(name)
      } else if name.hasPrefix(Self.temporaryPrefix) && name.hasSuffix(Self.temporarySuffix) {
        temporaries.append(name)
      }
    }
    return (entries, temporaries)
  }

  static func isEntryName(_ name: String) -> Bool {
    let utf8 = name.utf8
    return utf8.count == 64 && utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
  }

  private static func randomToken() -> String {
    let value = UInt64.random(in: 0...UInt64.max)
    let hex = String(value, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
