import Testing

@testable import HollowCache

@Suite("EntryHeader: the on-disk entry layout")
struct EntryHeaderTests {
  static func file(key: String = "key", payload: [UInt8] = [1, 2, 3]) -> [UInt8] {
    EntryHeader.encodeFile(
      key: Array(key.utf8), payload: payload, created: Timestamp(microseconds: 1_000),
      expires: Timestamp(microseconds: 2_000))
  }

  @Test("fields sit at their documented offsets, little-endian, and decode back")
  func layout() throws {
    let bytes = Self.file()
    #expect(bytes.count == 52 + 3 + 3)
    #expect(Array(bytes[0..<4]) == Array("HLWC".utf8))
    #expect(bytes[4] == 1 && bytes[5] == 0)
    #expect(bytes[8] == 0xE8 && bytes[9] == 0x03)  // created 1000 µs
    #expect(bytes[16] == 0xD0 && bytes[17] == 0x07)  // expires 2000 µs
    #expect(bytes[24] == 0xE8)  // last access starts as created
    #expect(bytes[32] == 3)  // payload length
    #expect(bytes[44] == 3)  // key length
    #expect(Array(bytes[52..<55]) == Array("key".utf8))
    #expect(Array(bytes[55...]) == [1, 2, 3])

    let header = try EntryHeader(
      fixed: Array(bytes[0..<52]), key: Array(bytes[52..<55]), fileSize: bytes.count)
    #expect(header.key == Array("key".utf8))
    #expect(header.created.microseconds == 1_000 && header.expires.microseconds == 2_000)
    #expect(header.payloadLength == 3 && header.payloadCRC == CRC32.checksum([1, 2, 3] as [UInt8]))
    #expect(header.fileSize == bytes.count)
  }

  @Test("rewriting last access keeps the header valid; changing any other field does not")
  func lastAccessOutsideChecksum() throws {
    var bytes = Self.file()
    bytes.replaceSubrange(24..<32, with: EntryHeader.encodeLastAccess(Timestamp(microseconds: 99_999)))
    let header = try EntryHeader(fixed: Array(bytes[0..<52]), key: Array(bytes[52..<55]), fileSize: bytes.count)
    #expect(header.lastAccess.microseconds == 99_999)

    for offset in [6, 8, 16, 40] {
      var tampered = Self.file()
      tampered[offset] ^= 0x01
      #expect(throws: EntryDefect.headerChecksum) {
        try EntryHeader(fixed: Array(tampered[0..<52]), key: Array(tampered[52..<55]), fileSize: tampered.count)
      }
    }
  }

  @Test("an absurd key length is rejected before anything is read")
  func hugeKeyLength() {
    var bytes = Self.file()
    bytes[47] = 0xFF
    #expect(throws: EntryDefect.headerChecksum) { try EntryHeader.keyLength(fixed: Array(bytes[0..<52])) }
  }
}
