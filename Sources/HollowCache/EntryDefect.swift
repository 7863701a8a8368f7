/// Why an entry file was rejected. A rejected file is deleted and its lookup reported as a miss.
///
/// ```swift
/// let report = try await disk.verify()
/// print(report.dropped[.payloadChecksum, default: 0], "entries had a wrong checksum")
/// ```
public enum EntryDefect: String, Error, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// The file has no bytes.
  case empty
  /// The file ends before its header or payload does.
  case truncated
  /// The file does not start with the entry magic: not an entry, or garbage.
  case badMagic
  /// The entry was written by a format version this library does not read.
  case unsupportedVersion
  /// The header's own CRC-32 does not match, or a header field is out of range.
  case headerChecksum
  /// The file is longer than its header says.
  case trailingBytes
  /// The payload's CRC-32 does not match the header.
  case payloadChecksum
  /// The key stored in the file is not the key its name was derived from (a wrong file or a hash collision).
  case keyMismatch
  /// A cached value could not be decoded into the requested type.
  case undecodable

  public var description: String {
    switch self {
    case .empty: "empty file"
    case .truncated: "truncated file"
    case .badMagic: "not an entry file"
    case .unsupportedVersion: "unsupported format version"
    case .headerChecksum: "header checksum mismatch"
    case .trailingBytes: "bytes after the payload"
    case .payloadChecksum: "payload checksum mismatch"
    case .keyMismatch: "key does not match the file name"
    case .undecodable: "value cannot be decoded"
    }
  }
}
