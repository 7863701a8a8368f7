import HollowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads the file given to `send --image`, refusing one that is missing, not a file, or larger
/// than the API accepts before reading it into memory.
enum ImageFile {
  static func read(_ path: String, command: String) throws(CLIFailure) -> Data {
    let manager = FileManager.default
    guard PathKind(of: path) == .file else {
      throw .usage(UsageError("--image: no such file '\(path)'", command: command))
    }
    if let size = (try? manager.attributesOfItem(atPath: path))?[.size] as? Int, size > APILimits.maximumImageBytes {
      throw .usage(
        UsageError(
          "--image: '\(path)' has \(size) bytes, at most \(APILimits.maximumImageBytes) (2 MB) are allowed",
          command: command))
    }
    guard let data = manager.contents(atPath: path) else {
      throw .usage(UsageError("--image: cannot read '\(path)'", command: command))
    }
    return data
  }
}
