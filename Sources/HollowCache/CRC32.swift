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
  public mutating func update(buffer: UnsafeRawBufferPointer) {
    for byte in buffer { step(byte) }
  }

  @inline(__always)
  private mutating func step(_ byte: UInt8) {
    state = Self.table[Int((state ^ UInt32(byte)) & 0xFF)] ^ (state >> 8)
  }

  private static let table: [UInt32] = (0..<256).map { index in
    var entry = UInt32(index)
    for _ in 0..<8 {
      entry = entry & 1 == 1 ? 0xEDB8_8320 ^ (entry >> 1) : entry >> 1
    }
    return entry
  }
}
