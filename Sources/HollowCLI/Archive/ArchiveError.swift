/// Why an archive could not be read or restored. Nothing in the cache has changed when one is thrown.
enum ArchiveError: Error, Sendable, Equatable, CustomStringConvertible {
  case notAnArchive
  case unsupportedVersion(UInt16)
  case truncated(String)
  case checksumMismatch(String)
  case invalidManifest(String)
  case invalidEntry(index: Int, String)
  case trailingBytes(Int)

  var description: String {
    switch self {
    case .notAnArchive: "not a hollow-cli archive (wrong magic)"
    case .unsupportedVersion(let version): "archive format version \(version) is not supported (this build reads 1)"
    case .truncated(let what): "the archive is truncated (it ends inside \(what))"
    case .checksumMismatch(let what): "the archive is damaged (CRC-32 mismatch in \(what))"
    case .invalidManifest(let reason): "the archive's manifest is invalid: \(reason)"
    case .invalidEntry(let index, let reason): "entry \(index + 1) of the archive is invalid: \(reason)"
    case .trailingBytes(let count): "the archive has \(count) unexpected bytes after its end"
    }
  }
}
