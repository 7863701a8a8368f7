import Testing

@testable import HollowCache

/// The sliced CRC-32 against the plain byte-at-a-time definition, on lengths and alignments that
/// exercise every path (the 8-byte steps, the tail, unaligned starts).
@Suite struct CRC32Tests {
  /// CRC-32 straight from its definition: one bit at a time, no tables.
  static func reference(_ bytes: some Sequence<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
    return ~crc
  }

  /// Deterministic noise, so a failure can be replayed.
  static func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
    var state = seed
    return (0..<count).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 33)
    }
  }

  @Test(arguments: [0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 1000, 4096, 65_537])
  func everyLengthMatchesTheDefinition(length: Int) {
    let bytes = Self.bytes(length, seed: UInt64(length))
    #expect(CRC32.checksum(bytes) == Self.reference(bytes))
  }

  @Test func unalignedStartsMatchTheDefinition() {
    let bytes = Self.bytes(300, seed: 42)
    for offset in 0..<16 {
      let slice = bytes[offset..<(offset + 257)]
      var crc = CRC32()
      slice.withUnsafeBytes { crc.update(buffer: $0) }
      #expect(crc.value == Self.reference(slice), "offset \(offset)")
    }
  }

  @Test func piecesOfAnyLengthAddUpToTheWhole() {
    let bytes = Self.bytes(5000, seed: 7)
    var crc = CRC32()
    var start = 0
    var piece = 1
    while start < bytes.count {
      let end = min(bytes.count, start + piece)
      crc.update(bytes[start..<end])
      start = end
      piece = piece * 3 % 29 + 1
    }
    #expect(crc.value == Self.reference(bytes))
  }

  @Test func aNonContiguousSequenceMatchesTheDefinition() {
    let bytes = Self.bytes(100, seed: 3)
    #expect(CRC32.checksum(bytes.lazy.map { $0 }) == Self.reference(bytes))
    #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
  }

  /// Each hardware fold this processor has against the tables alone, at every length around the block sizes
  /// they work in (128- and 64-byte steps, 16-byte blocks, the table tail) and at every alignment.
  @Test(arguments: 1...2)
  func eachHardwarePathMatchesTheTablesAtEveryLengthAndAlignment(foldLevel: Int) {
    let bytes = Self.bytes(1300, seed: 11)
    bytes.withUnsafeBytes { all in
      for offset in 0..<16 {
        for length in 0...(all.count - offset) where length < 400 || length % 61 == 0 {
          let piece = UnsafeRawBufferPointer(rebasing: all[offset..<(offset + length)])
          #expect(
            CRC32.checksum(piece, foldLevel: foldLevel) == CRC32.checksum(piece, foldLevel: 0),
            "offset \(offset), length \(length)")
        }
      }
    }
  }

  @Test func aLargeBufferMatchesTheDefinition() {
    let bytes = Self.bytes(200 << 10 | 13, seed: 99)
    #expect(CRC32.checksum(bytes) == Self.reference(bytes))
  }

  #if arch(x86_64)
  /// Every x86-64 processor since 2010 has PCLMULQDQ; if detection breaks, the cache silently loses most of
  /// its read speed, so say so here.
  @Test func hardwareFoldingIsFoundOnX86() {
    #expect(CRC32.foldLevel >= 1)
  }
  #endif
}
