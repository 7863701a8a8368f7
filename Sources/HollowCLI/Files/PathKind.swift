#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What is at a path, following symbolic links: nothing, a folder, or something else (a file).
///
/// ```swift
/// PathKind(of: "/tmp") == .folder
/// ```
enum PathKind: Equatable {
  case missing
  case folder
  case file

  init(of path: String) {
    var status = stat()
    guard stat(path, &status) == 0 else {
      self = .missing
      return
    }
    self = status.st_mode & S_IFMT == S_IFDIR ? .folder : .file
  }

  /// `path` without its last component, as `NSString.deletingLastPathComponent` answers it: "/a/b/" → "/a",
  /// "/a" → "/", "a" → "".
  static func parent(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    if slash == trimmed.startIndex { return "/" }
    var parent = trimmed[..<slash]
    while parent.count > 1, parent.hasSuffix("/") { parent = parent.dropLast() }
    return String(parent)
  }
}
