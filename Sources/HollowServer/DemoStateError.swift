/// Why the demo state could not be kept in, or read from, its folder.
///
/// ```swift
/// print(DemoStateError.unusableFolder(path: "/x", reason: "Permission denied"))
/// // cannot keep the demo state in /x: Permission denied
/// ```
enum DemoStateError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The folder cannot be created, opened or trusted (a symbolic link, another user's).
  case unusableFolder(path: String, reason: String)
  /// A file operation failed.
  case ioFailed(operation: String, path: String, reason: String)

  var description: String {
    switch self {
    case .unusableFolder(let path, let reason): "cannot keep the demo state in \(path): \(reason)"
    case .ioFailed(let operation, let path, let reason): "cannot \(operation) \(path): \(reason)"
    }
  }
}
