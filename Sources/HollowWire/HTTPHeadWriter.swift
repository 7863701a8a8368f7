/// Writes an HTTP/1.1 head, both directions: a request's (the client) or a response's (the demo
/// server, the test servers), refusing a field that could end the head early: a name that is not a
/// token, or a value with CR, LF or NUL (a token pasted with its line break, say), which would
/// smuggle a second message.
///
/// ```swift
/// let head = try HTTPHeadWriter.response(status: 200, reason: "OK", fields: [("Content-Length", "2")])
/// // "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n"
/// ```
package enum HTTPHeadWriter {
  /// A field that cannot be written.
  package enum FieldProblem: Error, Equatable {
    /// The name is empty or has bytes outside RFC 9110's `tchar`.
    case invalidName
    /// The value holds CR, LF or NUL (named).
    case lineBreakInValue(name: String)
  }

  /// Throws when `name: value` cannot be a field line of a head (see ``FieldProblem``).
  package static func check(name: String, value: String) throws(FieldProblem) {
    guard !name.isEmpty, name.utf8.allSatisfy(HTTPSyntax.isTokenByte) else { throw .invalidName }
    guard !value.utf8.contains(where: { $0 == 13 || $0 == 10 || $0 == 0 }) else {
      throw .lineBreakInValue(name: name)
    }
  }

  /// `METHOD target HTTP/1.1`, the fields in order, and the blank line.
  package static func request(method: String, target: String, fields: [(name: String, value: String)])
    throws(FieldProblem) -> [UInt8]
  {
    try head("\(method) \(target) HTTP/1.1", fields)
  }

  /// `HTTP/1.1 status reason`, the fields in order, and the blank line.
  package static func response(status: Int, reason: String, fields: [(name: String, value: String)])
    throws(FieldProblem) -> [UInt8]
  {
    try head("HTTP/1.1 \(status) \(reason)", fields)
  }

  private static func head(_ startLine: String, _ fields: [(name: String, value: String)]) throws(FieldProblem)
    -> [UInt8]
  {
    var text = startLine + "\r\n"
    for (name, value) in fields {
      try check(name: name, value: value)
      text += "\(name): \(value)\r\n"
    }
    text += "\r\n"
    return Array(text.utf8)
  }
}
