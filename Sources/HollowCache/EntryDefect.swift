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
  /// Not a regular file: a symbolic link, a folder, a FIFO, a socket or a device. Never opened in a way that
  /// could block or follow it; removed (a folder with its contents).
  case notRegularFile
  /// A regular file that another user owns, or that has other names (a hard link): trusting it would let a
  /// write land in someone else's file.
  case notOwned

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
    case .notRegularFile: "not a regular file (a link, folder, FIFO or device)"
    case .notOwned: "owned by another user or hard-linked"
    }
  }
}
