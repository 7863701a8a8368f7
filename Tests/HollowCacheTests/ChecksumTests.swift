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
    let hex = sha.finalize().map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
    #expect(hex == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
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
