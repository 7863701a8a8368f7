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
    append(UInt64(headerChecksum(fixed: bytes, key: key)), width: 4, to: &bytes)
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
    guard fixed.count >= fixedSize else { throw .truncated }
    guard Array(fixed[0..<4]) == magic else { throw .badMagic }
    guard load(fixed, at: 4, width: 2) == UInt64(version) else { throw .unsupportedVersion }
    let length = Int(load(fixed, at: 44, width: 4))
    guard length <= maxKeyLength else { throw .headerChecksum }
    return length
  }

  fileprivate static func headerChecksum(fixed: [UInt8], key: [UInt8]) -> UInt32 {
    var crc = CRC32()
    crc.update(fixed[0..<lastAccessOffset])
    crc.update(fixed[(lastAccessOffset + 8)..<48])
    crc.update(key)
    return crc.value
  }

  private static func append(_ value: UInt64, width: Int, to bytes: inout [UInt8]) {
    for index in 0..<width { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))) }
  }

  fileprivate static func load(_ bytes: [UInt8], at offset: Int, width: Int) -> UInt64 {
    var value: UInt64 = 0
    for index in 0..<width { value |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
    return value
  }
}

extension EntryHeader {
  /// Decodes the header at the start of `file`, the bytes of a whole entry file.
  init(file: UnsafeRawBufferPointer, fileSize: Int) throws(EntryDefect) {
    let fixed = Array(file.prefix(Self.fixedSize))
    let keyLength = try Self.keyLength(fixed: fixed)
    guard file.count >= Self.fixedSize + keyLength else { throw .truncated }
    try self.init(fixed: fixed, key: Array(file[Self.fixedSize..<(Self.fixedSize + keyLength)]), fileSize: fileSize)
  }

  /// Decodes a header from its fixed part and key bytes, checking it against the size of its file.
  init(fixed: [UInt8], key: [UInt8], fileSize: Int) throws(EntryDefect) {
    let keyLength = try Self.keyLength(fixed: fixed)
    guard key.count == keyLength else { throw .truncated }
    guard Self.load(fixed, at: 48, width: 4) == UInt64(Self.headerChecksum(fixed: fixed, key: key)) else {
      throw .headerChecksum
    }
    let payloadLength = Self.load(fixed, at: 32, width: 8)
    guard payloadLength <= UInt64(Int.max - Self.fixedSize - keyLength) else { throw .headerChecksum }
    self.key = key
    self.created = Timestamp(microseconds: Int64(bitPattern: Self.load(fixed, at: 8, width: 8)))
    self.expires = Timestamp(microseconds: Int64(bitPattern: Self.load(fixed, at: 16, width: 8)))
    self.lastAccess = Timestamp(microseconds: Int64(bitPattern: Self.load(fixed, at: 24, width: 8)))
    self.payloadLength = Int(payloadLength)
    self.payloadCRC = UInt32(Self.load(fixed, at: 40, width: 4))
    guard fileSize >= self.fileSize else { throw .truncated }
    guard fileSize == self.fileSize else { throw .trailingBytes }
  }
}
