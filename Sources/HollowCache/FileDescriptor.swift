#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call, carrying its `errno`.
package struct SystemError: Error, Equatable {
  package var code: Int32

  package init(code: Int32) {
    self.code = code
  }

  package static func last() -> SystemError { SystemError(code: errno) }
}

/// The text the C library gives for an `errno` value.
package func systemMessage(_ code: Int32) -> String {
  String(cString: strerror(code))
}

/// An open file, closed when it goes out of scope.
///
/// Reads and writes loop over short transfers and `EINTR`, so callers see either every byte or an error.
package struct FileDescriptor: ~Copyable, Sendable {
  package let raw: Int32

  /// Opens `path`; `mode` applies when `flags` create the file.
  package init(path: String, flags: Int32, mode: mode_t = 0o600) throws(SystemError) {
    var descriptor: Int32
    repeat {
      descriptor = open(path, flags | O_CLOEXEC, mode)
    } while descriptor < 0 && errno == EINTR
    guard descriptor >= 0 else { throw SystemError.last() }
    raw = descriptor
  }

  /// Opens `name` in the folder `folder` is open on (`openat`); `mode` applies when `flags` create the file.
  package init(in folder: borrowing FileDescriptor, name: String, flags: Int32, mode: mode_t = 0o600)
    throws(SystemError)
  {
    var descriptor: Int32
    repeat {
      descriptor = openat(folder.raw, name, flags | O_CLOEXEC, mode)
    } while descriptor < 0 && errno == EINTR
    guard descriptor >= 0 else { throw SystemError.last() }
    raw = descriptor
  }

  /// Takes over `raw`, an open descriptor nothing else closes.
  package init(adopting raw: Int32) {
    self.raw = raw
  }

  deinit {
    close(raw)
  }

  /// What the system knows of the open file (`fstat`): its type, owner, links and size.
  package func status() throws(SystemError) -> FileStatus {
    var info = stat()
    guard fstat(raw, &info) == 0 else { throw SystemError.last() }
    return FileStatus(info)
  }

  /// Up to `count` bytes from `offset`; fewer only at the end of the file.
  package func read(at offset: Int, count: Int) throws(SystemError) -> [UInt8] {
    guard count > 0 else { return [] }
    var failure: SystemError?
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      do throws(SystemError) {
        initialized = try read(at: offset, into: UnsafeMutableRawBufferPointer(buffer))
      } catch {
        failure = error
        initialized = 0
      }
    }
    if let failure { throw failure }
    return bytes
  }

  /// Fills `buffer` from `offset`; returns the bytes read, fewer than `buffer.count` only at the end of the file.
  func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
    guard let base = buffer.baseAddress else { return 0 }
    var done = 0
    while done < buffer.count {
      let result = pread(raw, base + done, buffer.count - done, off_t(offset + done))
      if result < 0 {
        if errno == EINTR { continue }
        throw SystemError.last()
      }
      if result == 0 { break }
      done += result
    }
    return done
  }

  /// One `pread` of up to `buffer.count` bytes from `offset` (retried only on `EINTR`); returns the bytes read.
  ///
  /// On a local regular file a short count means the end of the file, which saves the second call that
  /// ``read(at:into:)`` makes to prove it; callers must still cope with a short count that is not the end.
  func readOnce(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
    guard let base = buffer.baseAddress else { return 0 }
    while true {
      let result = pread(raw, base, buffer.count, off_t(offset))
      if result >= 0 { return result }
      guard errno == EINTR else { throw SystemError.last() }
    }
  }

  /// Writes every byte of `bytes` at `offset`.
  package func write(_ bytes: [UInt8], at offset: Int) throws(SystemError) {
    var failure: SystemError?
    bytes.withUnsafeBytes { buffer in
      var done = 0
      while done < buffer.count {
        let result = pwrite(raw, buffer.baseAddress.map { $0 + done }, buffer.count - done, off_t(offset + done))
        if result < 0 {
          if errno == EINTR { continue }
          failure = SystemError.last()
          return
        }
        done += result
      }
    }
    if let failure { throw failure }
  }

  /// Sets the permission bits, whatever the process's umask did to them at creation.
  package func setPermissions(_ mode: mode_t) throws(SystemError) {
    guard fchmod(raw, mode) == 0 else { throw SystemError.last() }
  }

  /// Flushes the file's data and metadata to the device.
  package func sync() throws(SystemError) {
    guard fsync(raw) == 0 else { throw SystemError.last() }
  }

  /// Takes an exclusive advisory lock, waiting for other holders.
  package func lockExclusively() throws(SystemError) {
    while flock(raw, LOCK_EX) != 0 {
      guard errno == EINTR else { throw SystemError.last() }
    }
  }

  /// Releases the advisory lock.
  package func unlock() {
    _ = flock(raw, LOCK_UN)
  }
}
