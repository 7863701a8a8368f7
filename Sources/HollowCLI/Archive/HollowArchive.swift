import HollowCache

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The file `export` writes and `import` reads: a manifest and cache entries, every part guarded by
/// a CRC-32, so any truncation or damage is found before anything is imported.
///
/// Layout (integers little-endian):
///
/// | size | field |
/// |-----:|-------|
/// | 8 | magic `HOLLOWAR` |
/// | 2 | format version, 1 |
/// | 2 | reserved, 0 |
/// | 4 | manifest length M |
/// | M | manifest, JSON (``ArchiveManifest``) |
/// | 4 | CRC-32 of everything above |
/// | | then, `manifest.entries` times: |
/// | 2 | key length K (1...1024) |
/// | 4 | payload length P |
/// | K | key, UTF-8 (``ArchiveEntry``) |
/// | P | payload |
/// | 4 | CRC-32 of the entry's lengths, key and payload |
/// | | then the trailer: |
/// | 4 | `END!` |
/// | 4 | CRC-32 of the whole file before this field |
///
/// ```swift
/// let bytes = HollowArchive(manifest: manifest, entries: entries).encoded()
/// let back = try HollowArchive(decoding: bytes)
/// ```
struct HollowArchive: Sendable, Equatable {
  var manifest: ArchiveManifest
  var entries: [ArchiveEntry]

  static let magic: [UInt8] = Array("HOLLOWAR".utf8)
  static let endMarker: [UInt8] = Array("END!".utf8)
  static let version: UInt16 = 1
  static let maximumKeyLength = 1_024

  init(manifest: ArchiveManifest, entries: [ArchiveEntry]) {
    self.manifest = manifest
    self.entries = entries
  }

  func encoded() throws(ArchiveError) -> [UInt8] {
    var manifest = manifest
    manifest.entries = entries.count
    let json: Data
    do {
      json = try JSONEncoder().encode(manifest)
    } catch {
      throw .invalidManifest("cannot encode it")
    }
    var bytes = Self.magic
    Self.append(UInt64(Self.version), width: 2, to: &bytes)
    Self.append(0, width: 2, to: &bytes)
    Self.append(UInt64(json.count), width: 4, to: &bytes)
    bytes += json
    Self.append(UInt64(CRC32.checksum(bytes)), width: 4, to: &bytes)
    for entry in entries {
      let key = Array(entry.key.utf8)
      guard (1...Self.maximumKeyLength).contains(key.count), entry.data.count <= UInt32.max else {
        throw .invalidEntry(index: 0, "key or payload too long")
      }
      var part: [UInt8] = []
      Self.append(UInt64(key.count), width: 2, to: &part)
      Self.append(UInt64(entry.data.count), width: 4, to: &part)
      part += key
      part += entry.data
      bytes += part
      Self.append(UInt64(CRC32.checksum(part)), width: 4, to: &bytes)
    }
    bytes += Self.endMarker
    Self.append(UInt64(CRC32.checksum(bytes)), width: 4, to: &bytes)
    return bytes
  }

  /// Reads and checks a whole archive: magic, version, every checksum, the manifest, the entry
  /// count, each entry's key and content, and that nothing follows the trailer.
  init(decoding bytes: [UInt8]) throws(ArchiveError) {
    var reader = ByteReader(bytes: bytes)
    guard let magic = reader.take(Self.magic.count, "the header"), magic == Self.magic[...] else {
      throw bytes.count < Self.magic.count && Self.magic.starts(with: bytes) && !bytes.isEmpty
        ? .truncated("the header") : .notAnArchive
    }
    let version = UInt16(try reader.integer(2, "the header"))
    guard version == Self.version else { throw .unsupportedVersion(version) }
    _ = try reader.integer(2, "the header")
    let manifestLength = Int(try reader.integer(4, "the header"))
    guard let json = reader.take(manifestLength, "the manifest") else { throw .truncated("the manifest") }
    let headerEnd = reader.offset
    guard try reader.integer(4, "the manifest") == UInt64(CRC32.checksum(bytes[..<headerEnd])) else {
      throw .checksumMismatch("the header")
    }
    let manifest: ArchiveManifest
    do {
      manifest = try JSONDecoder().decode(ArchiveManifest.self, from: Data(json))
    } catch {
      throw .invalidManifest("not the expected JSON")
    }
    guard manifest.format == ArchiveManifest.formatName, manifest.version == Int(Self.version) else {
      throw .invalidManifest("format '\(manifest.format)' version \(manifest.version)")
    }
    guard manifest.entries >= 0, manifest.entries <= bytes.count / 10 else {
      throw .invalidManifest("\(manifest.entries) entries cannot fit in \(bytes.count) bytes")
    }
    var entries: [ArchiveEntry] = []
    var keys: Set<String> = []
    for index in 0..<manifest.entries {
      let entry = try Self.readEntry(index, from: &reader)
      guard keys.insert(entry.key).inserted else { throw .invalidEntry(index: index, "its key appears twice") }
      do {
        try entry.validate()
      } catch {
        throw .invalidEntry(index: index, "\(entry.key): \(error)")
      }
      entries.append(entry)
    }
    guard let end = reader.take(Self.endMarker.count, "the trailer") else { throw .truncated("the trailer") }
    guard end == Self.endMarker[...] else {
      throw .invalidManifest("the trailer is missing after \(entries.count) entries")
    }
    let bodyEnd = reader.offset
    guard try reader.integer(4, "the trailer") == UInt64(CRC32.checksum(bytes[..<bodyEnd])) else {
      throw .checksumMismatch("the trailer")
    }
    guard reader.remaining == 0 else { throw .trailingBytes(reader.remaining) }
    self.init(manifest: manifest, entries: entries)
  }

  private static func readEntry(_ index: Int, from reader: inout ByteReader) throws(ArchiveError) -> ArchiveEntry {
    let what = "entry \(index + 1)"
    let start = reader.offset
    let keyLength = Int(try reader.integer(2, what))
    let payloadLength = Int(try reader.integer(4, what))
    guard (1...maximumKeyLength).contains(keyLength) else {
      throw .invalidEntry(index: index, "a key of \(keyLength) bytes")
    }
    guard let key = reader.take(keyLength, what), let payload = reader.take(payloadLength, what) else {
      throw .truncated(what)
    }
    let end = reader.offset
    guard try reader.integer(4, what) == UInt64(CRC32.checksum(reader.bytes[start..<end])) else {
      throw .checksumMismatch(what)
    }
    guard let text = String(validating: key, as: UTF8.self) else {
      throw .invalidEntry(index: index, "its key is not UTF-8")
    }
    return ArchiveEntry(key: text, data: Data(payload))
  }

  private static func append(_ value: UInt64, width: Int, to bytes: inout [UInt8]) {
    for shift in 0..<width { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * shift))) }
  }
}

/// Reads an archive front to back; every read is bounds-checked.
private struct ByteReader {
  let bytes: [UInt8]
  var offset = 0

  var remaining: Int { bytes.count - offset }

  mutating func take(_ count: Int, _ what: String) -> ArraySlice<UInt8>? {
    guard count >= 0, count <= remaining else { return nil }
    defer { offset += count }
    return bytes[offset..<(offset + count)]
  }

  mutating func integer(_ width: Int, _ what: String) throws(ArchiveError) -> UInt64 {
    guard let slice = take(width, what) else { throw .truncated(what) }
    return slice.reversed().reduce(0) { $0 << 8 | UInt64($1) }
  }
}
