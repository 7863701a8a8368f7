import HollowCache
import Testing

@Suite("SHA-256 and CRC-32 against the standard vectors")
struct ChecksumTests {
  @Test(
    "SHA-256 FIPS 180-4 vectors",
    arguments: [
      ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
      ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
      (
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
      ),
      (
        "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
        "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
      ),
    ])
  func sha256Vectors(input: String, expected: String) {
    #expect(SHA256.hex(input) == expected)
  }

  @Test("SHA-256 of a million 'a's, fed in uneven pieces")
  func sha256Million() {
    var sha = SHA256()
    let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 997)
    var left = 1_000_000
    while left > 0 {
      let n = min(left, chunk.count)
      sha.update(chunk[0..<n])
      left -= n
    }
    #expect(hexOf(sha.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  /// Lengths on each side of the padding boundaries: one padding block or two, a full block or not.
  @Test(
    "SHA-256 at the padding boundaries (reference: Python's hashlib)",
    arguments: [
      (55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
      (56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
      (63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"),
      (64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
      (65, "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0"),
      (119, "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb"),
      (120, "2f3d335432c70b580af0e8e1b3674a7c020d683aa5f73aaaedfdc55af904c21c"),
      (128, "6836cf13bac400e9105071cd6af47084dfacad4e5e302c94bfed24e013afb73e"),
    ])
  func sha256PaddingBoundaries(length: Int, expected: String) {
    let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
    #expect(SHA256.hex(bytes) == expected)
    // The same bytes one at a time, and through a sequence with no contiguous storage.
    var sha = SHA256()
    for byte in bytes { sha.update(CollectionOfOne(byte)) }
    #expect(hexOf(sha.finalize()) == expected)
    #expect(SHA256.hex(bytes.lazy.map { $0 }) == expected)
  }

  private func hexOf(_ digest: [UInt8]) -> String {
    digest.map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
  }

  @Test("CRC-32 check value and incremental update")
  func crc32() {
    #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    #expect(CRC32.checksum([UInt8]()) == 0)
    var crc = CRC32()
    crc.update(Array("12345".utf8))
    crc.update(Array("6789".utf8))
    #expect(crc.value == 0xCBF4_3926)
  }
}
