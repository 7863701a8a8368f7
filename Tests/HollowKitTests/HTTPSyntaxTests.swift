import Testing

@testable import HollowKit

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
}
