/// The byte classes of HTTP/1.1's grammar (RFC 9110, 9112), one copy for the client's parsers and
/// the demo server's (HollowServer reaches it with `package` access): two ends that read a token or
/// a hexadecimal digit differently disagree on where a field or a chunk ends.
///
/// ```swift
/// HTTPSyntax.isTokenByte(UInt8(ascii: "-"))  // true
/// HTTPSyntax.hexValue(UInt8(ascii: "F"))  // 15
/// ```
package enum HTTPSyntax {
  /// RFC 9110 `tchar`: the bytes of a field name, a method or an extension name.
  package static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default:
      "!#$%&'*+-.^_`|~".utf8.contains(byte)
    }
  }

  /// The value of a hexadecimal digit (either case); nil for any other byte.
  package static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
