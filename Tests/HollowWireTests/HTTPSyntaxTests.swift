import HollowWire
import Testing

/// The byte classes the client's and the demo server's HTTP parsers share.
@Suite struct HTTPSyntaxTests {
  @Test func tokenBytesAreRFC9110Tchar() {
    let tokens = (0...255).map(UInt8.init).filter(HTTPSyntax.isTokenByte)
    let expected = Array("!#$%&'*+-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ^_`abcdefghijklmnopqrstuvwxyz|~".utf8)
    #expect(tokens == expected)
  }

  @Test func hexValuesAreTheDigitsInEitherCase() {
    let digits = (0...255).map(UInt8.init).compactMap { byte in HTTPSyntax.hexValue(byte).map { (byte, $0) } }
    #expect(digits.map(\.0) == Array("0123456789ABCDEFabcdef".utf8))
    #expect(digits.map(\.1) == Array(0...15) + Array(10...15))
  }

  static func fieldLine(_ text: String) -> HTTPSyntax.FieldLine {
    HTTPSyntax.fieldLine(Array(text.utf8)[...])
  }

  static func field(_ name: String, _ value: String) -> HTTPSyntax.FieldLine {
    .field(name: Array(name.utf8)[...], value: Array(value.utf8)[...])
  }

  @Test func aFieldLineIsATokenAColonAndAValueWithoutItsSpaces() {
    #expect(Self.fieldLine("Content-Length: 5") == Self.field("Content-Length", "5"))
    #expect(Self.fieldLine("X-A:\t a b \t") == Self.field("X-A", "a b"))
    #expect(Self.fieldLine("Empty:") == Self.field("Empty", ""))
    #expect(Self.fieldLine("Latin: caf\u{E9}") == Self.field("Latin", "caf\u{E9}"))  // obs-text is allowed
  }

  @Test func anythingElseSaysWhy() {
    #expect(Self.fieldLine(" folded") == .folded)
    #expect(Self.fieldLine("\tfolded: x") == .folded)
    #expect(Self.fieldLine("no colon") == .notAField)
    #expect(Self.fieldLine(": no name") == .notAField)
    #expect(Self.fieldLine("Bad Name: x") == .notAField)
    #expect(Self.fieldLine("X: a\u{0}b") == .controlByteInValue)
    #expect(Self.fieldLine("X: \u{1B}]0;title\u{07}") == .controlByteInValue)
    #expect(Self.fieldLine("X: a\rb") == .controlByteInValue)
    #expect(Self.fieldLine("X: \u{7F}") == .controlByteInValue)
  }
}
