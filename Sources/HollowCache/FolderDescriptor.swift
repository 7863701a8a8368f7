#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder held open by its descriptor, so every file operation in it names files relative to that folder
/// (`openat`, `unlinkat`, `renameat`) and none follows a symbolic link: swapping a folder of the path for a
/// link after opening changes nothing, and a link planted under an entry's name is never opened.
///
/// ```swift
/// let folder = try FolderDescriptor.open("/home/me/.cache/hollow", owner: geteuid())
/// let file = try folder.open("0123…ef", flags: O_RDONLY | O_NONBLOCK)  // ELOOP on a symbolic link
/// ```
package final class FolderDescriptor: Sendable {
  /// The path the folder was opened by, for messages.
  package let path: String
  package let descriptor: FileDescriptor

  /// How deep ``removeItem(_:)`` descends into a folder found where a file should be.
  static let maximumRemovalDepth = 32

  private init(path: String, descriptor: consuming FileDescriptor) {
    self.path = path
    self.descriptor = descriptor
  }

  /// Opens the folder at `path`, which must be a folder (not a symbolic link to one) owned by `owner`, and
  /// makes it private (mode 0700) if it is not.
  package static func open(_ path: String, owner: uid_t) throws(CacheError) -> FolderDescriptor {
    let file: FileDescriptor
    do throws(SystemError) {
      file = try FileDescriptor(path: path, flags: O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
    } catch {
      var info = stat()
      if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
        throw .unsafeDirectory(path: path, reason: "it is a symbolic link; name the folder it points to instead")
      }
      throw .directoryUnavailable(path: path, code: error.code)
    }
    let status: FileStatus
    do throws(SystemError) {
      status = try file.status()
    } catch {
      throw .directoryUnavailable(path: path, code: error.code)
    }
    guard status.owner == owner else {
      throw .unsafeDirectory(
        path: path, reason: "it belongs to user \(status.owner), not to this user (\(owner)); use a folder of your own")
    }
    if status.permissions != 0o700, fchmod(file.raw, 0o700) != 0 {
      throw .directoryUnavailable(path: path, code: errno)
    }
    return FolderDescriptor(path: path, descriptor: file)
  }

  /// Creates the folder and any missing parent with mode 0700; ``open(_:owner:)`` then checks the folder
  /// itself (an existing parent is the user's business: `/tmp` or a symlinked home are fine).
  package static func create(_ path: String) throws(CacheError) {
    guard !path.isEmpty else { throw .directoryUnavailable(path: path, code: ENOENT) }
    var current = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
      current += "/" + component
      guard mkdir(current, 0o700) == 0 || errno == EEXIST else {
        throw .directoryUnavailable(path: path, code: errno)
      }
    }
  }

  /// The path of `name` in this folder, for messages.
  package func path(of name: String) -> String {
    path + "/" + name
  }

  /// Opens `name` in this folder, never through a symbolic link (a link fails with `ELOOP`).
  ///
  /// Callers add `O_NONBLOCK` when they open for reading something they have not checked yet, so a FIFO
  /// answers at once instead of waiting for a writer, then check ``FileStatus/defect(expectedOwner:)``.
  package func open(_ name: String, flags: Int32, mode: mode_t = 0o600) throws(SystemError) -> FileDescriptor {
    try FileDescriptor(in: descriptor, name: name, flags: flags | O_NOFOLLOW | O_NOCTTY, mode: mode)
  }

  /// What `name` itself is (a link is described, not followed); nil when it does not exist.
  package func status(of name: String) throws(SystemError) -> FileStatus? {
    var info = stat()
    guard fstatat(descriptor.raw, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
      if errno == ENOENT { return nil }
      throw SystemError.last()
    }
    return FileStatus(info)
  }

  /// Renames `name` to `newName` in this folder, replacing a file (or link: the link, never its target) there.
  package func rename(_ name: String, to newName: String) throws(SystemError) {
    guard renameat(descriptor.raw, name, descriptor.raw, newName) == 0 else { throw SystemError.last() }
  }

  /// Deletes `name`, whatever it is: a file, a link (the link, never its target), a FIFO, or a folder with
  /// everything in it (up to ``maximumRemovalDepth`` levels, never following a link). Already gone is fine.
  package func removeItem(_ name: String) throws(SystemError) {
    try removeItem(name, depth: 0)
  }

  private func removeItem(_ name: String, depth: Int) throws(SystemError) {
    if unlinkat(descriptor.raw, name, 0) == 0 || errno == ENOENT { return }
    let code = errno
    // Linux answers EISDIR for a folder, Darwin EPERM: only then is it worth looking inside.
    guard code == EISDIR || code == EPERM, depth < Self.maximumRemovalDepth,
      let status = try status(of: name), status.isDirectory
    else { throw SystemError(code: code) }
    let inner = FolderDescriptor(
      path: path(of: name), descriptor: try open(name, flags: O_RDONLY | O_DIRECTORY))
    for child in try inner.names() {
      try inner.removeItem(child, depth: depth + 1)
    }
    guard unlinkat(descriptor.raw, name, AT_REMOVEDIR) == 0 || errno == ENOENT else { throw SystemError.last() }
  }

  /// The names in this folder, without `.` and `..`.
  package func names() throws(SystemError) -> [String] {
    let copy = dup(descriptor.raw)
    guard copy >= 0 else { throw SystemError.last() }
    guard let listing = fdopendir(copy) else {
      let error = SystemError.last()
      close(copy)
      throw error
    }
    defer { closedir(listing) }
    // The copy shares the original's position, which an earlier listing left at the end.
    rewinddir(listing)
    var names: [String] = []
    while let item = readdir(listing) {
      let name = withUnsafePointer(to: &item.pointee.d_name) { pointer in
        pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: pointer.pointee)) {
          String(cString: $0)
        }
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// Flushes the folder (the renames in it) to the device. Best effort: a rename is atomic already, the sync
  /// only makes it durable sooner.
  package func sync() {
    _ = fsync(descriptor.raw)
  }
}
