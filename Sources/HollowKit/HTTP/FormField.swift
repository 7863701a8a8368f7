/// One `name=value` pair of a query string or an `application/x-www-form-urlencoded` body.
///
/// Repeat a name for an array, as the API expects for `vote_options[]`:
///
/// ```swift
/// let fields = [FormField("text", "投票"), FormField("vote_options[]", "是"), FormField("vote_options[]", "否")]
/// FormField.encode(fields)  // text=%E6%8A%95%E7%A5%A8&vote_options%5B%5D=%E6%98%AF&vote_options%5B%5D=%E5%90%A6
/// ```
public struct FormField: Sendable, Equatable {
  public var name: String
  public var value: String

  public init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }

  /// The fields joined as `name=value&...`, every byte except `A-Z a-z 0-9 - . _ ~` percent-encoded.
  public static func encode(_ fields: [FormField]) -> String {
    fields.map { "\(percentEncode($0.name))=\(percentEncode($0.value))" }.joined(separator: "&")
  }

  /// `text` with every UTF-8 byte outside the RFC 3986 unreserved set written as `%XX`.
  ///
  /// Spaces become `%20` (never `+`), so the result means the same in a query and in a form body.
  public static func percentEncode(_ text: String) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      if isUnreserved(byte) {
        output.append(byte)
      } else {
        output.append(UInt8(ascii: "%"))
        output.append(hexDigits[Int(byte >> 4)])
        output.append(hexDigits[Int(byte & 0x0F)])
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  private static let hexDigits = Array("0123456789ABCDEF".utf8)

  private static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
      true
    default:
      false
    }
  }
}
