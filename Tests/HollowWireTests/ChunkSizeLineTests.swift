import HollowWire
import Testing

/// The chunk-size line of a chunked body: hexadecimal digits, optional `;` extensions, nothing else.
@Suite struct ChunkSizeLineTests {
  static func size(_ text: String) throws(HTTPFramingError) -> Int {
    try ChunkSizeLine.size(of: Array(text.utf8)[...])
  }

  static func failure(_ text: String) -> HTTPFramingError? {
    do {
      _ = try size(text)
      return nil
    } catch {
      return error
    }
  }

  static func notTheGrammar(_ quoted: String) -> HTTPFramingError {
    HTTPFramingError("a chunk size line is not hexadecimal digits and an optional ';' extension: '\(quoted)'")
  }

  @Test(arguments: [
    ("0", 0), ("4f", 0x4F), ("4F", 0x4F), ("000000000000000000000a", 10), ("fffffffffffffff", 0xfff_ffff_ffff_ffff),
    ("1;name", 1), ("1;name=value", 1), ("1 ; name = value", 1), ("1\t;\tname=\"quoted; \\\"value\\\"\"", 1),
    ("a;x=1;y;z=\"\"", 10),
  ])
  func hexadecimalDigitsAndExtensionsAreASize(text: String, size: Int) throws {
    #expect(try Self.size(text) == size)
  }

  @Test(arguments: [
    "+4f", "-4f", "4 f", "0x4f", "4f ", " 4f", "4f\r", "4\rf", "4f;a ", "4g", "ff,1", "\u{1B}]0;x\u{07}",
  ])
  func anythingElseAroundTheDigitsIsMalformed(text: String) {
    let failure = Self.failure(text)
    guard let sentence = failure?.message else {
      Issue.record("'\(text)' was read as \(String(describing: failure))")
      return
    }
    #expect(sentence.hasPrefix("a chunk size line is not hexadecimal digits"), "\(sentence)")
  }

  @Test func theSentenceQuotesTheLineWithControlBytesEscaped() {
    #expect(Self.failure("+4f") == Self.notTheGrammar("+4f"))
    #expect(Self.failure("0x4f") == Self.notTheGrammar("0x4f"))
    #expect(Self.failure("\u{1B}]0;x\u{07}") == Self.notTheGrammar("\\x1B]0;x\\x07"))
    #expect(Self.failure("4\\") == Self.notTheGrammar("4\\x5C"))
    #expect(
      Self.failure("4 " + String(repeating: "f", count: 100))
        == Self.notTheGrammar("4 " + String(repeating: "f", count: 30) + "…"))
  }

  @Test func anEmptyLineIsNoSize() {
    #expect(Self.failure("") == HTTPFramingError("a chunk size line is empty"))
  }

  @Test func moreDigitsThanASizeHoldsAreMalformed() throws {
    #expect(Self.failure("1000000000000000") == HTTPFramingError("a chunk size has more than 15 hexadecimal digits"))
    #expect(
      Self.failure("ffffffffffffffffff") == HTTPFramingError("a chunk size has more than 15 hexadecimal digits"))
    #expect(try Self.size("fffffffffffffff") == 0xfff_ffff_ffff_ffff)
  }

  @Test(arguments: ["1;", "1;=v", "1;a=", "1;a=\"open", "1;a=b c", "1;a=\"\u{01}\"", "1;a;", "1;(a)"])
  func aMalformedExtensionIsMalformed(text: String) {
    let failure = Self.failure(text)
    guard let sentence = failure?.message else {
      Issue.record("'\(text)' was read as \(String(describing: failure))")
      return
    }
    #expect(sentence.contains("chunk"), "\(sentence)")
  }
}
