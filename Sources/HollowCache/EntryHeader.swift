/// The header that starts every entry file, and its encoding.
///
/// Layout, all integers little-endian:
///
/// | offset | size | field |
/// |-------:|-----:|-------|
/// | 0      | 4    | magic `HLWC` |
/// | 4      | 2    | format version, 1 |
/// | 6      | 2    | reserved, 0 |
/// | 8      | 8    | created, µs since 1970 |
/// | 16     | 8    | expires, µs since 1970 (`Int64.max`: never) |
/// | 24     | 8    | last access, µs since 1970 |
/// | 32     | 8    | payload length |
/// | 40     | 4    | CRC-32 of the payload |
/// | 44     | 4    | key length |
/// | 48     | 4    | CRC-32 of bytes 0..<24, 32..<48 and the key |
/// | 52     | k    | the full key, UTF-8 |
/// | 52 + k | n    | the payload |
///
/// Last access is the only field ever rewritten in place (an aligned 8-byte `pwrite` on a hit), which is why
/// the header checksum leaves it out: a torn or stale value can only reorder eviction, never corrupt data.
struct EntryHeader: Equatable {
  static let magic: [UInt8] = Array("HLWC".utf8)
  static let version: UInt16 = 1
  static let fixedSize = 52
  static let lastAccessOffset = 24
  /// Microseconds a recorded last access may lag behind: a hit rewrites the field only when it is older than
  /// this (60 s), so reading an entry again and again costs no write. The in-memory order is exact; only the
  /// order a reopened cache rebuilds (and so which entry it evicts first) is this coarse.
  static let lastAccessGranularity: Int64 = 60_000_000
  /// Keys longer than this are refused on write and treated as garbage on read.
  static let maxKeyLength = 1 << 16

  var key: [UInt8]
  var created: Timestamp
  var expires: Timestamp
  var lastAccess: Timestamp
  var payloadLength: Int
  var payloadCRC: UInt32

  /// Bytes before the payload.
  var size: Int { Self.fixedSize + key.count }
  /// Bytes of the whole entry file.
  var fileSize: Int { size + payloadLength }

  /// The whole entry file: header followed by `payload`.
  static func encodeFile(key: [UInt8], payload: [UInt8], created: Timestamp, expires: Timestamp) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(fixedSize + key.count + payload.count)
    bytes += magic
    append(UInt64(version), width: 2, to: &bytes)
    append(0, width: 2, to: &bytes)
    append(UInt64(bitPattern: created.microseconds), width: 8, to: &bytes)
    append(UInt64(bitPattern: expires.microseconds), width: 8, to: &bytes)
    append(UInt64(bitPattern: created.microseconds), width: 8, to: &bytes)
    append(UInt64(payload.count), width: 8, to: &bytes)
    append(UInt64(CRC32.checksum(payload)), width: 4, to: &bytes)
    append(UInt64(key.count), width: 4, to: &bytes)
    let checksum = bytes.withUnsafeBytes { fixed in key.withUnsafeBytes { headerChecksum(fixed: fixed, key: $0) } }
    append(UInt64(checksum), width: 4, to: &bytes)
    bytes += key
    bytes += payload
    return bytes
  }

  /// The encoding of a last-access time, written at ``lastAccessOffset``.
  static func encodeLastAccess(_ time: Timestamp) -> [UInt8] {
    var bytes: [UInt8] = []
    append(UInt64(bitPattern: time.microseconds), width: 8, to: &bytes)
    return bytes
  }

  /// Checks the fixed part of a header and returns the key length it announces.
  static func keyLength(fixed: [UInt8]) throws(EntryDefect) -> Int {
    // withUnsafeBytes rethrows untyped errors, so the defect travels out in a Result.
    try fixed.withUnsafeBytes { buffer in Result { () throws(EntryDefect) in try keyLength(fixed: buffer) } }.get()
  }

  /// Checks the fixed part of a header (the first ``fixedSize`` bytes of `fixed`) and returns the key length
  /// it announces.
  static func keyLength(fixed: UnsafeRawBufferPointer) throws(EntryDefect) -> Int {
    guard fixed.count >= fixedSize else { throw .truncated }
    guard load(fixed, at: 0, as: UInt32.self) == magicWord else { throw .badMagic }
    guard load(fixed, at: 4, as: UInt16.self) == version else { throw .unsupportedVersion }
    let length = Int(load(fixed, at: 44, as: UInt32.self))
    guard length <= maxKeyLength else { throw .headerChecksum }
    return length
  }

  /// The magic bytes as the little-endian word they make.
  private static let magicWord =
    UInt32(magic[0]) | UInt32(magic[1]) << 8 | UInt32(magic[2]) << 16 | UInt32(magic[3]) << 24

  fileprivate static func headerChecksum(fixed: UnsafeRawBufferPointer, key: UnsafeRawBufferPointer) -> UInt32 {
    var crc = CRC32()
    crc.update(buffer: UnsafeRawBufferPointer(rebasing: fixed[0..<lastAccessOffset]))
    crc.update(buffer: UnsafeRawBufferPointer(rebasing: fixed[(lastAccessOffset + 8)..<48]))
    crc.update(buffer: key)
    return crc.value
  }

  fileprivate static func load<T: FixedWidthInteger>(_ bytes: UnsafeRawBufferPointer, at offset: Int, as: T.Type) -> T {
    T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
  }

  private static func append(_ value: UInt64, width: Int, to bytes: inout [UInt8]) {
    for index in 0..<width { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))) }
  }
}

extension EntryHeader {
  /// Decodes a header from its fixed part and key bytes, checking it against the size of its file.
  init(fixed: [UInt8], key: [UInt8], fileSize: Int) throws(EntryDefect) {
    try self.init(file: fixed + key, fileSize: fileSize)
  }

  /// Decodes the header at the start of `file` (the first bytes of an entry file: at least the header, maybe
  /// more), checking it against the size of the whole file.
  init(file: [UInt8], fileSize: Int) throws(EntryDefect) {
    self = try file.withUnsafeBytes { buffer in
      Result { () throws(EntryDefect) in try EntryHeader(file: buffer, fileSize: fileSize) }
    }.get()
  }

  /// Decodes the header at the start of `file` (the first bytes of an entry file: at least the header, maybe
  /// more), checking it against the size of the whole file.
  init(file: UnsafeRawBufferPointer, fileSize: Int) throws(EntryDefect) {
    let keyLength = try Self.keyLength(fixed: file)
    guard file.count >= Self.fixedSize + keyLength else { throw .truncated }
    let fixed = UnsafeRawBufferPointer(rebasing: file[0..<Self.fixedSize])
    let key = UnsafeRawBufferPointer(rebasing: file[Self.fixedSize..<(Self.fixedSize + keyLength)])
    guard Self.load(fixed, at: 48, as: UInt32.self) == Self.headerChecksum(fixed: fixed, key: key) else {
      throw .headerChecksum
    }
    let payloadLength = Self.load(fixed, at: 32, as: UInt64.self)
    guard payloadLength <= UInt64(Int.max - Self.fixedSize - keyLength) else { throw .headerChecksum }
    self.key = Array(key)
    self.created = Timestamp(microseconds: Self.load(fixed, at: 8, as: Int64.self))
    self.expires = Timestamp(microseconds: Self.load(fixed, at: 16, as: Int64.self))
    self.lastAccess = Timestamp(microseconds: Self.load(fixed, at: 24, as: Int64.self))
    self.payloadLength = Int(payloadLength)
    self.payloadCRC = Self.load(fixed, at: 40, as: UInt32.self)
    guard fileSize >= self.fileSize else { throw .truncated }
    guard fileSize == self.fileSize else { throw .trailingBytes }
  }
}
