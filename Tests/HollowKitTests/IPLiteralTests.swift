import Testing

@testable import HollowKit

@Suite struct IPLiteralTests {
  @Test func addressesAreReadAndNamesAreNot() {
    #expect(IPLiteral.bytes(of: "10.0.0.1") == [10, 0, 0, 1])
    #expect(IPLiteral.bytes(of: "::1") == [UInt8](repeating: 0, count: 15) + [1])
    #expect(IPLiteral.bytes(of: "example.org") == nil)
    #expect(IPLiteral.bytes(of: "[::1]") == nil)
    #expect(IPLiteral.bytes(of: "10.0.0") == nil)
  }
}
