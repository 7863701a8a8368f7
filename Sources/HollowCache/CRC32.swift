import CHollowCRC32

/// CRC-32 (IEEE 802.3, the polynomial zlib, PNG and gzip use), computed incrementally.
///
/// ```swift
/// var crc = CRC32()
/// crc.update(Array("123456789".utf8))
/// crc.value  // 0xCBF43926
/// ```
public struct CRC32: Sendable, Hashable {
  /// The checksum of everything given to ``update(_:)`` so far.
  public var value: UInt32 { ~state }

  private var state: UInt32 = 0xFFFF_FFFF

  /// A checksum of no bytes.
  public init() {}

  /// The checksum of `bytes`.
  public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
    var crc = CRC32()
    crc.update(bytes)
    return crc.value
  }

  /// Adds `bytes` to the checksum.
  public mutating func update(_ bytes: some Sequence<UInt8>) {
    let done: Void? = bytes.withContiguousStorageIfAvailable { update(buffer: UnsafeRawBufferPointer($0)) }
    if done == nil {
      for byte in bytes { step(byte) }
    }
  }

  /// Adds the bytes of `buffer` to the checksum.
  ///
  /// With carry-less multiplication (x86-64 `PCLMULQDQ`, or `VPCLMULQDQ` with AVX2) or the ARMv8
  /// CRC-32 instructions, the whole 16-byte blocks of a buffer of 64 bytes or more are folded in
  /// hardware at 8 to 24 GB/s, so checking a cache entry costs a fraction of reading it. The rest,
  /// and every byte on other processors, goes through the tables: slicing-by-8, eight bytes per step
  /// through eight tables, then the last few bytes one at a time. Every path gives the same value;
  /// any alignment works.
  public mutating func update(buffer: UnsafeRawBufferPointer) {
    state = Self.advance(state, over: buffer, foldLevel: Self.foldLevel)
  }

  /// What this processor can fold in hardware: 0 nothing, 1 with 128-bit multiplies, 2 with 256-bit ones.
  static let foldLevel = Int(hollow_crc32_fold_level())

  /// The checksum of `buffer`, folding with the instructions of `foldLevel` at most (0 uses the tables
  /// alone), so tests can compare every path this processor has.
  static func checksum(_ buffer: UnsafeRawBufferPointer, foldLevel: Int) -> UInt32 {
    ~advance(0xFFFF_FFFF, over: buffer, foldLevel: min(foldLevel, Self.foldLevel))
  }

  private static func advance(_ state: UInt32, over buffer: UnsafeRawBufferPointer, foldLevel: Int) -> UInt32 {
    guard var cursor = buffer.baseAddress, !buffer.isEmpty else { return state }
    var remaining = buffer.count
    var crc = state
    if foldLevel > 0, remaining >= 64 {
      let folded = remaining & ~15
      crc = hollow_crc32_fold(Int32(foldLevel), crc, cursor.assumingMemoryBound(to: UInt8.self), folded)
      cursor += folded
      remaining -= folded
    }
    updateWithTables(&crc, cursor: cursor, remaining: remaining)
    return crc
  }

  private static func updateWithTables(_ crc: inout UInt32, cursor start: UnsafeRawPointer, remaining count: Int) {
    var cursor = start
    var remaining = count
    Self.tables.withUnsafeBufferPointer { tables in
      guard let table = tables.baseAddress else { return }
      while remaining >= 8 {
        let word = UInt64(littleEndian: cursor.loadUnaligned(as: UInt64.self))
        let low = UInt32(truncatingIfNeeded: word) ^ crc
        let high = UInt32(truncatingIfNeeded: word >> 32)
        let fromLow =
          table[7 << 8 | Int(low & 0xFF)] ^ table[6 << 8 | Int(low >> 8 & 0xFF)]
          ^ table[5 << 8 | Int(low >> 16 & 0xFF)] ^ table[4 << 8 | Int(low >> 24)]
        let fromHigh =
          table[3 << 8 | Int(high & 0xFF)] ^ table[2 << 8 | Int(high >> 8 & 0xFF)]
          ^ table[1 << 8 | Int(high >> 16 & 0xFF)] ^ table[Int(high >> 24)]
        crc = fromLow ^ fromHigh
        cursor += 8
        remaining -= 8
      }
      while remaining > 0 {
        crc = table[Int((crc ^ UInt32(cursor.load(as: UInt8.self))) & 0xFF)] ^ (crc >> 8)
        cursor += 1
        remaining -= 1
      }
    }
  }

  @inline(__always)
  private mutating func step(_ byte: UInt8) {
    state = Self.tables[Int((state ^ UInt32(byte)) & 0xFF)] ^ (state >> 8)
  }

  /// Eight tables of 256 entries, one after another: table 0 is the classic byte-at-a-time table, and
  /// entry `i` of table `k` is the CRC of byte `i` followed by `k` zero bytes.
  private static let tables: [UInt32] = {
    var tables = (0..<256).map { index in
      var entry = UInt32(index)
      for _ in 0..<8 {
        entry = entry & 1 == 1 ? 0xEDB8_8320 ^ (entry >> 1) : entry >> 1
      }
      return entry
    }
    for slice in 1..<8 {
      for index in 0..<256 {
        let previous = tables[(slice - 1) << 8 | index]
        tables.append((previous >> 8) ^ tables[Int(previous & 0xFF)])
      }
    }
    return tables
  }()
}
