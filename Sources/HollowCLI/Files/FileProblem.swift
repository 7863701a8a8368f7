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

/// Why reading or writing a file failed, as words for the user: what happened and what to do.
///
/// Foundation's own text is no help on Linux ("The operation could not be completed. The file
/// doesn't exist." for a missing folder, "NSCocoaErrorDomain error 256" for a folder read as a
/// file), so the reason is taken from the POSIX code underneath, or from the path itself.
///
/// ```swift
/// do { _ = try Data(contentsOf: url) } catch {
///   print("cannot read '\(path)': \(FileProblem(error, path: path, access: .read))")
///   // cannot read 'x.hollow': no such file; check the path
/// }
/// ```
struct FileProblem: CustomStringConvertible, Equatable {
  /// What was being done to the file.
  enum Access: Equatable {
    case read
    case write
  }

  /// The POSIX code of the failure, when one is known.
  let code: Int32?
  let access: Access

  init(code: Int32?, access: Access) {
    self.code = code
    self.access = access
  }

  /// The problem behind `error`, raised while accessing `path`.
  init(_ error: any Error, path: String, access: Access) {
    let reported = Self.posixCode(of: error)
    let fromPath = Self.codeFromPath(path)
    // Foundation says "no such file" also when a part of the path is a file.
    self.init(code: fromPath == ENOTDIR ? fromPath : reported ?? fromPath, access: access)
  }

  var description: String {
    switch (code, access) {
    case (ENOENT, .read): "no such file; check the path"
    case (ENOENT, .write): "its folder does not exist; create the folder first or choose another path"
    case (EACCES, .read), (EPERM, .read): "permission denied; check the file's permissions"
    case (EACCES, .write), (EPERM, .write): "permission denied; choose a folder you may write to"
    case (EISDIR, _): "it is a folder, not a file; name a file"
    case (ENOTDIR, _): "a part of the path is a file, not a folder; check the path"
    case (ENOSPC, _), (EDQUOT, _): "the disk is full; free some space and try again"
    case (EROFS, _): "the file system is read-only; choose another path"
    case (ENAMETOOLONG, _): "the path is too long; choose a shorter one"
    case (EFBIG, _): "the file is too large"
    case (let code?, _): "\(String(cString: strerror(code))); check the path and try again"
    case (nil, _): "the system gave no reason; check the path and try again"
    }
  }

  /// The POSIX code inside a Foundation file error, or the one its Cocoa code stands for.
  private static func posixCode(of error: any Error) -> Int32? {
    if let error = error as? POSIXError { return error.code.rawValue }
    guard let error = error as? CocoaError else { return nil }
    if let underlying = error.underlying as? POSIXError { return underlying.code.rawValue }
    switch error.code {
    case .fileNoSuchFile, .fileReadNoSuchFile: return ENOENT
    case .fileReadNoPermission, .fileWriteNoPermission: return EACCES
    case .fileWriteOutOfSpace: return ENOSPC
    case .fileWriteVolumeReadOnly: return EROFS
    case .fileReadTooLarge: return EFBIG
    default: return nil
    }
  }

  /// When the error says nothing, the path tells: a folder where a file was expected, a file where
  /// a folder was, or a missing folder.
  private static func codeFromPath(_ path: String) -> Int32? {
    switch PathKind(of: path) {
    case .folder: return EISDIR
    case .file: return nil
    case .missing: break
    }
    var ancestor = PathKind.parent(of: path)
    var isParent = true
    while !ancestor.isEmpty {
      switch PathKind(of: ancestor) {
      case .folder: return isParent ? nil : ENOENT
      case .file: return ENOTDIR
      case .missing: break
      }
      guard ancestor != "/" else { return nil }
      ancestor = PathKind.parent(of: ancestor)
      isParent = false
    }
    return nil
  }
}
