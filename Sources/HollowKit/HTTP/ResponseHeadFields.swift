/// The header fields of a response head for ``HTTPResponseParser``, with the framing ones
/// (`Content-Length`, `Transfer-Encoding`) checked as they are added.
///
/// ```swift
/// var fields = ResponseHeadFields()
/// try fields.add(name: "Content-Length", value: "12")  // fields.contentLength == 12
/// ```
struct ResponseHeadFields {
  /// Repeated names joined with ", ", under the first spelling.
  var fields: [String: String] = [:]
  var contentLength: Int?
  var transferEncoding: [String]?

  /// Lowercased name to the spelling used in ``fields``.
  private var spellings: [String: String] = [:]

  mutating func add(name: String, value: String) throws(TransportFailure) {
    let lowercased = name.lowercased()
    switch lowercased {
    case "content-length":
      for item in value.split(separator: ",", omittingEmptySubsequences: false) {
        let text = Self.trimmed(item)
        guard !text.isEmpty, text.count <= 18, text.utf8.allSatisfy({ (48...57).contains($0) }),
          let length = Int(text),
          contentLength == nil || contentLength == length
        else { throw .malformedResponse("the Content-Length is invalid or repeated with another value") }
        contentLength = length
      }
    case "transfer-encoding":
      transferEncoding = (transferEncoding ?? []) + value.split(separator: ",").map { Self.trimmed($0).lowercased() }
    default:
      break
    }
    if let key = spellings[lowercased] {
      fields[key, default: ""] += ", " + value
    } else {
      spellings[lowercased] = name
      fields[name] = value
    }
  }

  private static func trimmed(_ text: Substring) -> String {
    String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
