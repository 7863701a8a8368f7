import HollowKit
import HollowWire

/// Parses an HTTP/1.x request head.
///
/// Garbage is rejected as early as possible (an impossible method byte, or a bad request line as
/// soon as its CRLF arrives) so a client sending junk gets a 400 instead of waiting for a timeout;
/// a connection finds the end of the head with a ``HeadScanner`` as bytes arrive, and parses the
/// head once, when it is complete.
enum RequestParser {
  enum HeadResult {
    /// More bytes are needed.
    case incomplete
    /// Answer with this status and close.
    case rejected(status: Int, reason: String)
    /// `headLength` bytes (CRLFCRLF included) form the head; `contentLength` body bytes follow.
    case complete(request: HTTPRequest, headLength: Int, contentLength: Int, expectsContinue: Bool)
  }

  /// The head at the start of `buffer`, if the bytes so far hold a whole one.
  static func parseHead(_ buffer: [UInt8], maxHeaderBytes: Int) -> HeadResult {
    var scanner = HeadScanner(.request)
    switch scanner.scan(buffer, maxHeaderBytes: maxHeaderBytes) {
    case .incomplete: return .incomplete
    case .complete(let headLength): return parseHead(complete: buffer[0..<headLength])
    case let rejected: return HeadResult(rejected)
    }
  }

  /// Parses `head`, a whole head as ``HeadScanner`` found it (ending with CRLFCRLF).
  static func parseHead(complete head: ArraySlice<UInt8>) -> HeadResult {
    let lines = HeadScanner.lines(of: head, .request)
    guard let requestLine = lines.first, case .success(let line) = parseRequestLine(requestLine) else {
      return .rejected(status: 400, reason: "malformed request line")
    }
    var headers: [(name: String, value: String)] = []
    for raw in lines.dropFirst() {
      guard let header = parseHeader(raw) else { return .rejected(status: 400, reason: "malformed header") }
      headers.append(header)
    }
    let request = HTTPRequest(
      method: line.method, path: line.path, query: line.query, minorVersion: line.minorVersion, headers: headers,
      body: [])
    if request.header("transfer-encoding") != nil {
      return .rejected(status: 501, reason: "transfer-encoding is not supported; send Content-Length")
    }
    let lengths = Set(headers.filter { $0.name == "content-length" }.map(\.value))
    guard lengths.count <= 1 else { return .rejected(status: 400, reason: "conflicting Content-Length") }
    var contentLength = 0
    if let text = lengths.first {
      guard text.count <= 18, text.utf8.allSatisfy({ (48...57).contains($0) }), let value = Int(text) else {
        return .rejected(status: 400, reason: "malformed Content-Length")
      }
      contentLength = value
    }
    let expectsContinue = request.header("expect")?.lowercased() == "100-continue"
    return .complete(
      request: request, headLength: head.count, contentLength: contentLength, expectsContinue: expectsContinue)
  }

  struct RequestLine {
    var method: String
    var path: String
    var query: [QueryItem]
    var minorVersion: Int
  }

  enum LineError: Error { case malformed }

  static func parseRequestLine(_ bytes: ArraySlice<UInt8>) -> Result<RequestLine, LineError> {
    guard let line = HTTPStartLine.request(bytes) else { return .failure(.malformed) }
    let pieces = line.target.split(separator: UInt8(ascii: "?"), maxSplits: 1, omittingEmptySubsequences: false)
    guard let path = FormDecoding.decode(pieces[0], plusIsSpace: false),
      let query = pieces.count > 1 ? FormDecoding.items(pieces[1]) : []
    else { return .failure(.malformed) }
    return .success(
      RequestLine(
        method: String(decoding: line.method, as: UTF8.self), path: path, query: query,
        minorVersion: line.minorVersion))
  }

  private static func parseHeader(_ bytes: ArraySlice<UInt8>) -> (name: String, value: String)? {
    guard case .field(let name, let value) = HTTPSyntax.fieldLine(bytes) else { return nil }
    return (String(decoding: name, as: UTF8.self).lowercased(), String(decoding: value, as: UTF8.self))
  }
}

extension RequestParser.HeadResult {
  /// The answer to a head the scanner refused.
  init(_ scanned: HeadScanner.Result) {
    switch scanned {
    case .incomplete: self = .incomplete
    case .complete: self = .rejected(status: 400, reason: "malformed request head")
    case .malformedStartLine: self = .rejected(status: 400, reason: "malformed request line")
    case .tooLarge: self = .rejected(status: 431, reason: "request head too large")
    }
  }
}
