/// SHA-256 (FIPS 180-4), computed incrementally, with no dependencies.
///
/// ```swift
/// SHA256.hex(Array("abc".utf8))
/// // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// ```
public struct SHA256: Sendable {
  /// The eight working words, kept out of an array so hashing a short key allocates nothing for them.
  private struct Words {
    var a: UInt32 = 0x6a09_e667, b: UInt32 = 0xbb67_ae85, c: UInt32 = 0x3c6e_f372, d: UInt32 = 0xa54f_f53a
    var e: UInt32 = 0x510e_527f, f: UInt32 = 0x9b05_688c, g: UInt32 = 0x1f83_d9ab, h: UInt32 = 0x5be0_cd19

    /// The words in order, as the digest lists them.
    var all: [UInt32] { [a, b, c, d, e, f, g, h] }

    /// The 32-byte digest: each word big-endian.
    var bytes: [UInt8] {
      let words = all
      return [UInt8](unsafeUninitializedCapacity: 32) { digest, initialized in
        for (index, word) in words.enumerated() {
          for byte in 0..<4 { digest[index * 4 + byte] = UInt8(truncatingIfNeeded: word >> (24 - 8 * UInt32(byte))) }
        }
        initialized = 32
      }
    }

    /// The digest in lowercase hexadecimal, written straight into the string's storage.
    var hex: String {
      let words = all
      return String(unsafeUninitializedCapacity: 64) { out in
        for (index, word) in words.enumerated() {
          for digit in 0..<8 {
            out[index * 8 + digit] = hexDigit(UInt8(truncatingIfNeeded: word >> (28 - 4 * UInt32(digit))) & 0xF)
          }
        }
        return 64
      }
    }
  }

  private var hash = Words()
  /// The bytes of an unfinished block, fewer than 64.
  private var pending: [UInt8] = []
  private var totalBytes: UInt64 = 0

  /// A hash of no bytes.
  public init() {}

  /// The digest of `bytes`.
  public static func digest(_ bytes: some Sequence<UInt8>) -> [UInt8] {
    if let words = bytes.withContiguousStorageIfAvailable({ hash(UnsafeRawBufferPointer($0)) }) { return words.bytes }
    var sha = SHA256()
    sha.update(bytes)
    return sha.finalize()
  }

  /// The digest of `bytes` as 64 lowercase hexadecimal characters.
  ///
  /// Contiguous bytes are hashed in one pass with nothing allocated but the string: the cache names an
  /// entry file this way on every lookup.
  public static func hex(_ bytes: some Sequence<UInt8>) -> String {
    if let words = bytes.withContiguousStorageIfAvailable({ hash(UnsafeRawBufferPointer($0)) }) { return words.hex }
    return hexString(digest(bytes))
  }

  /// The digest of the UTF-8 bytes of `string` as lowercase hexadecimal.
  public static func hex(_ string: String) -> String {
    var string = string
    return string.withUTF8 { hex($0) }
  }

  /// Adds `bytes` to the hash.
  public mutating func update(_ bytes: some Sequence<UInt8>) {
    let done: Void? = bytes.withContiguousStorageIfAvailable { update(buffer: UnsafeRawBufferPointer($0)) }
    guard done == nil else { return }
    var chunk: [UInt8] = []
    chunk.reserveCapacity(64)
    for byte in bytes {
      chunk.append(byte)
      if chunk.count == 64 {
        chunk.withUnsafeBytes { update(buffer: $0) }
        chunk.removeAll(keepingCapacity: true)
      }
    }
    chunk.withUnsafeBytes { update(buffer: $0) }
  }

  /// Adds the bytes of `buffer` to the hash: whole blocks straight from the buffer, the rest kept for later.
  private mutating func update(buffer: UnsafeRawBufferPointer) {
    guard var cursor = buffer.baseAddress, !buffer.isEmpty else { return }
    var remaining = buffer.count
    totalBytes &+= UInt64(remaining)
    if !pending.isEmpty {
      let taken = min(64 - pending.count, remaining)
      pending.append(contentsOf: UnsafeRawBufferPointer(start: cursor, count: taken))
      cursor += taken
      remaining -= taken
      guard pending.count == 64 else { return }
      pending.withUnsafeBytes { Self.compress(&hash, block: $0.baseAddress!) }
      pending.removeAll(keepingCapacity: true)
    }
    while remaining >= 64 {
      Self.compress(&hash, block: cursor)
      cursor += 64
      remaining -= 64
    }
    if remaining > 0 { pending.append(contentsOf: UnsafeRawBufferPointer(start: cursor, count: remaining)) }
  }

  /// Pads, finishes and returns the 32-byte digest.
  public consuming func finalize() -> [UInt8] {
    let total = totalBytes
    pending.withUnsafeBytes { Self.finish(&hash, tail: $0, totalBytes: total) }
    return hash.bytes
  }

  /// The hash of all of `buffer`: whole blocks straight from it, then the padded tail.
  private static func hash(_ buffer: UnsafeRawBufferPointer) -> Words {
    var hash = Words()
    let whole = buffer.count & ~63
    if let base = buffer.baseAddress {
      for start in stride(from: 0, to: whole, by: 64) { compress(&hash, block: base + start) }
    }
    finish(&hash, tail: UnsafeRawBufferPointer(rebasing: buffer[whole...]), totalBytes: UInt64(buffer.count))
    return hash
  }

  /// Pads `tail` (the last, partial block: fewer than 64 bytes) and compresses it into `hash`: 0x80, zeros to
  /// 56 bytes past a block boundary, the bit length; one block or two, built on the stack.
  private static func finish(_ hash: inout Words, tail: UnsafeRawBufferPointer, totalBytes: UInt64) {
    let bitLength = totalBytes &* 8
    let length = tail.count < 56 ? 64 : 128
    withUnsafeTemporaryAllocation(byteCount: length, alignment: 8) { padded in
      padded.initializeMemory(as: UInt8.self, repeating: 0)
      padded.copyMemory(from: tail)
      padded[tail.count] = 0x80
      for index in 0..<8 { padded[length - 1 - index] = UInt8(truncatingIfNeeded: bitLength >> (8 * UInt64(index))) }
      for start in stride(from: 0, to: length, by: 64) {
        compress(&hash, block: UnsafeRawPointer(padded.baseAddress! + start))
      }
    }
  }

  /// One 64-byte block into `hash`; the message schedule lives on the stack.
  private static func compress(_ hash: inout Words, block: UnsafeRawPointer) {
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
      for t in 0..<16 { w[t] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: t * 4, as: UInt32.self)) }
      for t in 16..<64 {
        let s0 = w[t - 15].rotatedRight(7) ^ w[t - 15].rotatedRight(18) ^ (w[t - 15] >> 3)
        let s1 = w[t - 2].rotatedRight(17) ^ w[t - 2].rotatedRight(19) ^ (w[t - 2] >> 10)
        w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
      }
      var (a, b, c, d, e, f, g, h) = (hash.a, hash.b, hash.c, hash.d, hash.e, hash.f, hash.g, hash.h)
      k.withUnsafeBufferPointer { k in
        for t in 0..<64 {
          let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
          let choice = (e & f) ^ (~e & g)
          let t1 = h &+ s1 &+ choice &+ k[t] &+ w[t]
          let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
          let majority = (a & b) ^ (a & c) ^ (b & c)
          let t2 = s0 &+ majority
          h = g
          g = f
          f = e
          e = d &+ t1
          d = c
          c = b
          b = a
          a = t1 &+ t2
        }
      }
      hash.a &+= a
      hash.b &+= b
      hash.c &+= c
      hash.d &+= d
      hash.e &+= e
      hash.f &+= f
      hash.g &+= g
      hash.h &+= h
    }
  }

  private static let k: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
  ]
}

/// Lowercase hexadecimal of `bytes`.
func hexString(_ bytes: [UInt8]) -> String {
  String(unsafeUninitializedCapacity: bytes.count * 2) { out in
    for (index, byte) in bytes.enumerated() {
      out[index * 2] = hexDigit(byte >> 4)
      out[index * 2 + 1] = hexDigit(byte & 0xF)
    }
    return bytes.count * 2
  }
}

@inline(__always)
private func hexDigit(_ value: UInt8) -> UInt8 {
  value < 10 ? 0x30 + value : 0x57 + value
}

extension UInt32 {
  @inline(__always)
  fileprivate func rotatedRight(_ count: UInt32) -> UInt32 {
    (self >> count) | (self << (32 - count))
  }
}
