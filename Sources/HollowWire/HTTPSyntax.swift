/// The byte classes of HTTP/1.1's grammar (RFC 9110, 9112), one copy for the client's parsers and
/// the demo server's (both reach the wire layer with `package` access): two ends that read a token or
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

  /// What a header (or trailer) field line holds, read as RFC 9110 §5 and RFC 9112 §5 have it.
  package enum FieldLine: Equatable {
    /// `name: value`: a token, a colon, and the value without its surrounding spaces and tabs.
    case field(name: ArraySlice<UInt8>, value: ArraySlice<UInt8>)
    /// The line starts with a space or tab: an obsolete continuation of the previous field.
    case folded
    /// No colon, or a name that is empty or not a token.
    case notAField
    /// The value holds a control byte other than tab (NUL, CR, ESC, DEL...).
    case controlByteInValue
  }

  /// Reads one field line, without its line end.
  package static func fieldLine(_ line: ArraySlice<UInt8>) -> FieldLine {
    guard line.first != UInt8(ascii: " "), line.first != UInt8(ascii: "\t") else { return .folded }
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
      line[..<colon].allSatisfy(isTokenByte)
    else { return .notAField }
    let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
    var value = line[(colon + 1)...].drop(while: isSpace)
    while let last = value.last, isSpace(last) { value = value.dropLast() }
    guard value.allSatisfy({ ($0 >= 0x20 && $0 != 0x7F) || $0 == UInt8(ascii: "\t") }) else {
      return .controlByteInValue
    }
    return .field(name: line[..<colon], value: value)
  }
}
