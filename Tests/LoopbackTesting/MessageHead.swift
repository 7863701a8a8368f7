import HollowWire

/// A request or answer head as the hand-made test servers and test clients read it: found by the wire
/// layer's ``HeadReader`` and split and checked by its start-line and field-line grammar
/// (``HTTPStartLine``, ``HTTPSyntax``), so that a test peer reads heads exactly as the client and the demo
/// server do.
///
/// ```swift
/// var buffer: [UInt8] = []
/// guard case .head(let length) = try HeadReader.read(fd, into: &buffer, .request, maxHeaderBytes: 65_536, bounds),
///   let head = MessageHead(request: buffer[..<length])
/// else { return }
/// print(head.method, head.target, head.headers["content-length"] ?? "none")
/// ```
public struct MessageHead: Sendable, Equatable {
  /// A request's method (empty for an answer).
  public var method = ""
  /// A request's target as sent: a path, an absolute URL or (`CONNECT`) `host:port`.
  public var target = ""
  /// An answer's status (0 for a request).
  public var status = 0
  /// The fields by lowercased name (the last of a repeated one).
  public var headers: [String: String] = [:]

  /// The most a test peer reads of a head.
  public static let maximumBytes = 64 * 1024

  /// `Content-Length`, 0 when it is missing or not a number.
  public var contentLength: Int {
    Int(headers["content-length"] ?? "") ?? 0
  }

  /// A request head (blank line included); any target form is kept, since the test proxy reads these too.
  /// Nil when a line breaks the grammar.
  public init?(request head: ArraySlice<UInt8>) {
    let lines = HeadScanner.lines(of: head, .proxyRequest)
    guard let first = lines.first, let line = HTTPStartLine.proxyRequest(first) else { return nil }
    method = String(decoding: line.method, as: UTF8.self)
    target = String(decoding: line.target, as: UTF8.self)
    guard readFields(lines.dropFirst()) else { return nil }
  }

  /// An answer head (blank line included); nil when a line breaks the grammar.
  public init?(response head: ArraySlice<UInt8>) {
    let lines = HeadScanner.lines(of: head, .response)
    guard let first = lines.first, let line = HTTPStartLine.status(first) else { return nil }
    status = line.code
    guard readFields(lines.dropFirst()) else { return nil }
  }

  private mutating func readFields(_ lines: ArraySlice<ArraySlice<UInt8>>) -> Bool {
    for line in lines {
      guard case .field(let name, let value) = HTTPSyntax.fieldLine(line) else { return false }
      headers[String(decoding: name, as: UTF8.self).lowercased()] = String(decoding: value, as: UTF8.self)
    }
    return true
  }
}
