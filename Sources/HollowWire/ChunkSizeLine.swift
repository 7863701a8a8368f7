/// One chunk-size line of a chunked body, read strictly to RFC 9112 §7.1: hexadecimal digits, then
/// optional extensions (`;name` or `;name=value`, the value a token or a quoted string, whitespace
/// allowed around `;` and `=`), and nothing else. A sign, inner whitespace, a `0x` prefix, an empty
/// line or more digits than a size can hold are malformed, with a sentence that quotes the line
/// (control bytes escaped): two parsers that disagree on where a chunk ends disagree on the body.
///
/// ```swift
/// try ChunkSizeLine.size(of: Array("1a;name=value".utf8)[...])  // 26
/// try ChunkSizeLine.size(of: Array("+1a".utf8)[...])  // throws HTTPFramingError
/// ```
package enum ChunkSizeLine {
  /// The most significant hexadecimal digits of a size (leading zeros aside): 15 fit any `Int`.
  package static let maximumDigits = 15

  /// The size `line` announces. `line` has no line end (its CR LF are the caller's).
  package static func size(of line: ArraySlice<UInt8>) throws(HTTPFramingError) -> Int {
    guard !line.isEmpty else { throw HTTPFramingError("a chunk size line is empty") }
    let digits = line.prefix { HTTPSyntax.hexValue($0) != nil }
    guard !digits.isEmpty else { throw malformed(line) }
    let significant = digits.drop { $0 == UInt8(ascii: "0") }
    guard significant.count <= maximumDigits else {
      throw HTTPFramingError("a chunk size has more than \(maximumDigits) hexadecimal digits")
    }
    try checkExtensions(line[digits.endIndex...], of: line)
    return significant.reduce(0) { $0 << 4 | Int(HTTPSyntax.hexValue($1)!) }
  }

  /// `*( BWS ";" BWS name [ BWS "=" BWS value ] )`, all of `rest`.
  private static func checkExtensions(_ rest: ArraySlice<UInt8>, of line: ArraySlice<UInt8>) throws(HTTPFramingError) {
    var index = rest.startIndex
    func skipWhitespace() {
      while index < rest.endIndex, isWhitespace(rest[index]) { index += 1 }
    }
    func token() -> Bool {
      let start = index
      while index < rest.endIndex, HTTPSyntax.isTokenByte(rest[index]) { index += 1 }
      return index > start
    }
    while index < rest.endIndex {
      skipWhitespace()
      // Whitespace is allowed before a ';' only: "4 f", "4 " and "4;a " are not the grammar.
      guard index < rest.endIndex, rest[index] == UInt8(ascii: ";") else { throw malformed(line) }
      index += 1
      skipWhitespace()
      guard token() else { throw malformedExtension(line) }
      let afterName = index
      skipWhitespace()
      guard index < rest.endIndex, rest[index] == UInt8(ascii: "=") else {
        index = afterName
        continue
      }
      index += 1
      skipWhitespace()
      guard index < rest.endIndex else { throw malformedExtension(line) }
      if rest[index] == UInt8(ascii: "\"") {
        guard skipQuotedString(rest, from: &index) else { throw malformedExtension(line) }
      } else {
        guard token() else { throw malformedExtension(line) }
      }
    }
  }

  /// Moves `index` past a quoted string that starts there; false when it is not one (unclosed, or a control byte).
  private static func skipQuotedString(_ bytes: ArraySlice<UInt8>, from index: inout Int) -> Bool {
    index += 1
    while index < bytes.endIndex {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return true
      case UInt8(ascii: "\\"):
        guard index + 1 < bytes.endIndex, isTextByte(bytes[index + 1]) else { return false }
        index += 2
      default:
        guard isTextByte(byte) else { return false }
        index += 1
      }
    }
    return false
  }

  private static func malformed(_ line: ArraySlice<UInt8>) -> HTTPFramingError {
    HTTPFramingError(
      "a chunk size line is not hexadecimal digits and an optional ';' extension: '\(printable(line))'")
  }

  private static func malformedExtension(_ line: ArraySlice<UInt8>) -> HTTPFramingError {
    HTTPFramingError("a chunk extension is not 'name' or 'name=value': '\(printable(line))'")
  }

  /// The first bytes of `line` as text for an error: printable ASCII as is, anything else as `\xNN`.
  package static func printable(_ line: ArraySlice<UInt8>, limit: Int = 32) -> String {
    var text = ""
    for byte in line.prefix(limit) {
      if (0x20..<0x7F).contains(byte) && byte != UInt8(ascii: "\\") {
        text.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        text += "\\x" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return line.count > limit ? text + "…" : text
  }

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
  }

  /// RFC 9110 `qdtext` and `quoted-pair`'s second byte: tab, space, visible ASCII and obs-text.
  private static func isTextByte(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "\t") || (0x20...0x7E).contains(byte) || byte >= 0x80
  }
}
