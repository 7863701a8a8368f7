import Foundation

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
final class EntryFolder {
  static let temporaryPrefix = ".tmp-"
  static let temporarySuffix = ".partial"
  static let lockFileName = ".lock"

  let path: String
  private let lockFile: FileDescriptor

  /// Creates the folder (mode 0700) and its lock file (mode 0600) if needed, and opens the lock file.
  init(path: String) throws(CacheError) {
    self.path = path
    try Self.makeDirectories(path)
    do throws(SystemError) {
      lockFile = try FileDescriptor(path: path + "/" + Self.lockFileName, flags: O_RDWR | O_CREAT, mode: 0o600)
      try lockFile.setPermissions(0o600)
    } catch {
      throw .directoryUnavailable(path: path, code: error.code)
    }
  }

  /// Runs `body` holding the folder's exclusive lock. `body` must not suspend: the lock blocks its thread.
  func withLock<T>(_ body: () throws(CacheError) -> T) throws(CacheError) -> T {
    do throws(SystemError) {
      try lockFile.lockExclusively()
    } catch {
      throw .ioFailed(operation: "lock", path: path + "/" + Self.lockFileName, code: error.code)
    }
    defer { lockFile.unlock() }
    return try body()
  }

  func entryPath(_ name: String) -> String {
    path + "/" + name
  }

  /// Reads and checks the entry file `name`.
  ///
  /// The stored key must equal `expectedKey`, or, without one, hash to `name`. The payload is read and its
  /// checksum checked only when `payload` is true. When `touch` is given, the file is sound and its recorded
  /// last access is more than ``EntryHeader/lastAccessGranularity`` older, that field is rewritten to `touch`.
  ///
  /// With the payload, a file of up to ``wholeReadLimit`` bytes comes in with one `pread` into the buffer
  /// the returned `Data` keeps, so its bytes are never copied in this process. `sizeHint` (the size the
  /// index last saw) saves asking the system for the size: a read of one byte more that comes back short
  /// proves the file ends there. A larger file has its header read and checked first, so a huge garbage file
  /// costs no huge allocation, then its payload is read straight into the `Data`'s buffer.
  func read(_ name: String, expectedKey: [UInt8]?, payload: Bool, touch: Timestamp?, sizeHint: Int? = nil)
    -> EntryRead
  {
    let file: FileDescriptor
    do throws(SystemError) {
      file = try FileDescriptor(path: entryPath(name), flags: O_RDONLY)
    } catch {
      return error.code == ENOENT ? .missing : .failed(error)
    }
    do throws(SystemError) {
      let outcome: Result<LoadedEntry, EntryDefect>
      if payload, let sizeHint, sizeHint < Self.wholeReadLimit,
        let guessed = try Self.loadWhole(file, capacity: sizeHint + 1, sizeKnown: false)
      {
        outcome = guessed
      } else {
        let size = try file.size()
        guard size > 0 else { return .defective(.empty) }
        if payload && size <= Self.wholeReadLimit {
          // A read of the size just asked for always decides: whole, or truncated meanwhile.
          outcome = try Self.loadWhole(file, capacity: size, sizeKnown: true) ?? .failure(.truncated)
        } else {
          outcome = try Self.loadHeaderFirst(file, size: size, payload: payload)
        }
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
        // Best effort, on a descriptor of its own since this is rare (once a minute per entry at most): a file
        // we may read but not write is still served, and a lost update only changes which entry is evicted
        // first.
        if let writable = try? FileDescriptor(path: entryPath(name), flags: O_WRONLY) {
          try? writable.write(EntryHeader.encodeLastAccess(touch), at: EntryHeader.lastAccessOffset)
        }
      }
      return .valid(header, payload: loaded.payload)
    } catch {
      return .failed(error)
    }
  }

  /// Files up to this size are read whole in one system call when their payload is wanted.
  static let wholeReadLimit = 1 << 20

  /// A decoded header and, when asked for, the payload (not yet checked against its checksum).
  private struct LoadedEntry {
    var header: EntryHeader
    var payload: Data?
  }

  /// The whole file in one `pread` of up to `capacity` bytes; the payload `Data` keeps the buffer and frees it.
  ///
  /// With `sizeKnown`, `capacity` is the file's size and a shorter read means something truncated it under
  /// us. Without, `capacity` is a guess one byte over the expected size, nil means the file is larger, and a
  /// single `pread` is trusted to reach the end of the file: were it ever short for another reason, the
  /// header's length check would call the file truncated, and the caller's re-read under the lock (which
  /// knows the size) would find it sound and keep it.
  private static func loadWhole(_ file: borrowing FileDescriptor, capacity: Int, sizeKnown: Bool) throws(SystemError)
    -> Result<LoadedEntry, EntryDefect>?
  {
    guard let memory = malloc(capacity) else { throw SystemError(code: ENOMEM) }
    let size: Int
    do throws(SystemError) {
      let buffer = UnsafeMutableRawBufferPointer(start: memory, count: capacity)
      size = try sizeKnown ? file.read(at: 0, into: buffer) : file.readOnce(at: 0, into: buffer)
    } catch {
      free(memory)
      throw error
    }
    if sizeKnown ? size < capacity : size == capacity {
      free(memory)
      return sizeKnown ? .failure(.truncated) : nil
    }
    guard size > 0 else {
      free(memory)
      return .failure(.empty)
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
  /// and renamed over the entry, then the folder is synced. Call inside ``withLock(_:)``.
  func write(_ name: String, bytes: [UInt8]) throws(CacheError) {
    let temporary = try Self.writeTemporary(bytes, inFolder: path)
    try moveIntoPlace(temporary, as: name)
    Self.syncFolder(path)
  }

  /// Writes `bytes` to a new temporary file in `folder` and syncs it; returns the file's path. Needs no lock
  /// (the name is random) and touches nothing of this instance, so it may run on any thread.
  static func writeTemporary(_ bytes: [UInt8], inFolder folder: String) throws(CacheError) -> String {
    let temporary = folder + "/" + temporaryPrefix + randomToken() + temporarySuffix
    do throws(SystemError) {
      let file = try FileDescriptor(path: temporary, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o600)
      try file.setPermissions(0o600)
      try file.write(bytes, at: 0)
      try file.sync()
    } catch {
      unlink(temporary)
      throw .ioFailed(operation: "write", path: temporary, code: error.code)
    }
    return temporary
  }

  /// Renames the temporary file `temporary` over the entry `name` (deleting it if that fails). Call inside
  /// ``withLock(_:)``.
  func moveIntoPlace(_ temporary: String, as name: String) throws(CacheError) {
    guard rename(temporary, entryPath(name)) == 0 else {
      let code = errno
      unlink(temporary)
      throw .ioFailed(operation: "rename into place", path: entryPath(name), code: code)
    }
  }

  /// Deletes the file `name` in this folder; a file already gone is not an error. Call inside ``withLock(_:)``.
  func remove(_ name: String) throws(CacheError) {
    guard unlink(path + "/" + name) == 0 || errno == ENOENT else {
      throw .ioFailed(operation: "remove", path: path + "/" + name, code: errno)
    }
  }

  /// The entry files and the temporary files in this folder.
  func listing() throws(CacheError) -> (entries: [String], temporaries: [String]) {
    guard let directory = opendir(path) else {
      throw .ioFailed(operation: "list", path: path, code: errno)
    }
    defer { closedir(directory) }
    var entries: [String] = []
    var temporaries: [String] = []
    while let item = readdir(directory) {
      let name = withUnsafePointer(to: &item.pointee.d_name) { pointer in
        pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: pointer.pointee)) {
          String(cString: $0)
        }
      }
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

  /// Syncs `path` (a folder), making the renames in it durable. May run on any thread.
  static func syncFolder(_ path: String) {
    // Best effort: the rename is already atomic; syncing the folder only makes it durable sooner.
    guard let folder = try? FileDescriptor(path: path, flags: O_RDONLY | O_DIRECTORY) else { return }
    try? folder.sync()
  }

  private static func randomToken() -> String {
    let value = UInt64.random(in: 0...UInt64.max)
    let hex = String(value, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  private static func makeDirectories(_ path: String) throws(CacheError) {
    guard !path.isEmpty else { throw .directoryUnavailable(path: path, code: ENOENT) }
    var current = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
      current += "/" + component
      guard mkdir(current, 0o700) == 0 || errno == EEXIST else {
        throw .directoryUnavailable(path: path, code: errno)
      }
    }
    guard chmod(path, 0o700) == 0 else { throw .directoryUnavailable(path: path, code: errno) }
  }
}
