import HollowWire

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads one HTTP/1.x response from the bytes of a connection as they arrive, with every size
/// bounded: the head (``maximumHeadBytes``), each chunk-size and trailer line, and the body
/// (`limit`, checked against `Content-Length` before any of the body is read).
///
/// The head's end is found by the wire layer's `HeadScanner`, the one the demo server and the test
/// servers read requests with: each byte looked at once, a bad status line refused as soon as its
/// line ends, nothing past the limit kept.
///
/// Framing follows RFC 9112: `Transfer-Encoding: chunked` wins over `Content-Length`; conflicting
/// lengths, other transfer codings, folded headers, a status line that is not HTTP/1.x, a chunk-size
/// line that is not strictly hexadecimal digits and extensions (``ChunkSizeLine``) and a trailer that
/// is not a field line are malformed; without either the body runs to the end of the stream.
/// Interim (1xx) answers are skipped, a few at most. With `skipsRedirectBodies`, a 301/302/303/307/308 ends at its head.
///
/// ```swift
/// var parser = HTTPResponseParser(limit: 16 << 20)
/// if let response = try parser.consume(bytes[...]) { return response }
/// let response = try parser.finish()  // at the end of the stream
/// ```
struct HTTPResponseParser {
  /// The largest head (status line and headers) accepted.
  static let maximumHeadBytes = 64 * 1024
  /// The longest chunk-size line accepted.
  static let maximumChunkLine = 1024
  /// Interim answers skipped before the response counts as malformed.
  static let maximumInterimResponses = 8

  private enum Phase {
    case head
    case length(remaining: Int)
    case untilClose
    case chunkSize
    case chunkData(remaining: Int)
    case chunkDataEnd
    case trailers
    case done
  }

  private let limit: Int
  private let skipsRedirectBodies: Bool
  private var phase = Phase.head
  /// The head so far (and perhaps the first bytes after it), as the wire layer's scanner reads it.
  private var head: [UInt8] = []
  private var scanner = HeadScanner(.response)
  /// The current chunk-size line or trailer section, as received.
  private var line: [UInt8] = []
  /// The length of the line being read in ``line`` (after its last LF).
  private var lineStart = 0
  private var interimResponses = 0
  private var status = 0
  private var headers: [String: String] = [:]
  private var announced: Int?
  private var body = Data()
  /// Whether the message ended at its head although it announced a body (a redirect's, skipped): the
  /// body's bytes are still on the connection.
  private(set) var leftBodyUnread = false
  /// Whether bytes came after the end of the message (which nothing asked for).
  private(set) var readPastEnd = false
  /// Whether the status line said HTTP/1.0, whose connections close unless told otherwise.
  private(set) var isHTTP10 = false

  init(limit: Int, skipsRedirectBodies: Bool = true) {
    self.limit = limit
    self.skipsRedirectBodies = skipsRedirectBodies
  }

  /// The response, once `bytes` completed it; nil while more is needed. Bytes after the end are ignored.
  mutating func consume(_ bytes: ArraySlice<UInt8>) throws(TransportFailure) -> HTTPClientResponse? {
    var index = bytes.startIndex
    while true {
      if case .done = phase {
        readPastEnd = index < bytes.endIndex
        return response
      }
      guard index < bytes.endIndex else { return nil }
      switch phase {
      case .head:
        // At most one byte past the limit is kept, so that a head that never ends costs bounded memory.
        let count = min(bytes.endIndex - index, Self.maximumHeadBytes + 1 - head.count)
        head.append(contentsOf: bytes[index..<index + count])
        index += count
        guard let headLength = try scanHead() else { continue }
        let rest = head[headLength...] + bytes[index...]
        let whole = head[..<headLength]
        head = []
        scanner = HeadScanner(.response)
        try endHead(whole)
        return try consume(rest)
      case .chunkSize, .trailers, .chunkDataEnd:
        let byte = bytes[index]
        index += 1
        try take(byte)
      case .length(let remaining):
        let count = min(remaining, bytes.endIndex - index)
        try append(bytes[index..<index + count])
        index += count
        phase = remaining == count ? .done : .length(remaining: remaining - count)
      case .chunkData(let remaining):
        let count = min(remaining, bytes.endIndex - index)
        try append(bytes[index..<index + count])
        index += count
        phase = remaining == count ? .chunkDataEnd : .chunkData(remaining: remaining - count)
      case .untilClose:
        try append(bytes[index...])
        index = bytes.endIndex
      case .done:
        readPastEnd = index < bytes.endIndex
        return response
      }
    }
  }

  /// The response at the end of the stream: complete only when the body runs to the end.
  mutating func finish() throws(TransportFailure) -> HTTPClientResponse {
    switch phase {
    case .untilClose, .done: return response
    case .head where !head.starts(with: "HTTP/".utf8.prefix(head.count)):
      // Something answered that does not speak HTTP (an SSH banner, say) and hung up.
      throw .malformedResponse("the answer does not start with an HTTP/1.x status line")
    default: throw .connectionLost
    }
  }

  private var response: HTTPClientResponse {
    HTTPClientResponse(status: status, headers: headers, body: body)
  }

  private mutating func append(_ bytes: ArraySlice<UInt8>) throws(TransportFailure) {
    guard body.count + bytes.count <= limit else { throw .tooLarge(limit: limit, announced: announced) }
    body.append(contentsOf: bytes)
  }

  /// One byte of a line-based phase.
  private mutating func take(_ byte: UInt8) throws(TransportFailure) {
    if case .chunkDataEnd = phase {
      // The CRLF after a chunk's data (a bare LF is accepted).
      if byte == UInt8(ascii: "\r"), line.isEmpty {
        line.append(byte)
        return
      }
      guard byte == UInt8(ascii: "\n") else { throw .malformedResponse("a chunk is longer than its announced size") }
      line = []
      phase = .chunkSize
      return
    }
    line.append(byte)
    let maximum = if case .chunkSize = phase { Self.maximumChunkLine } else { Self.maximumHeadBytes }
    guard line.count <= maximum else { throw .malformedResponse("a line is too long") }
    guard byte == UInt8(ascii: "\n") else { return }
    let content = line[lineStart..<line.count - 1]
    let isEmpty = content.isEmpty || content == [UInt8(ascii: "\r")]
    switch phase {
    case .chunkSize:
      try startChunk(Self.trimmingCR(content))
    case .trailers:
      // Trailer fields are read as header fields are (and dropped): a line that is not one is malformed.
      if isEmpty { phase = .done } else { _ = try Self.field(Self.trimmingCR(content)) }
      lineStart = line.count
    default:
      break
    }
  }

  /// The length of the head once ``head`` holds all of it; nil while more is needed.
  private mutating func scanHead() throws(TransportFailure) -> Int? {
    switch scanner.scan(head, maxHeaderBytes: Self.maximumHeadBytes) {
    case .incomplete: return nil
    case .complete(let headLength): return headLength
    case .malformedStartLine: throw .malformedResponse("the answer does not start with an HTTP/1.x status line")
    case .tooLarge: throw .malformedResponse("the header is larger than \(Self.maximumHeadBytes / 1024) KiB")
    }
  }

  /// Reads a whole head (an interim answer's or the response's) and sets the phase that follows it.
  private mutating func endHead(_ head: ArraySlice<UInt8>) throws(TransportFailure) {
    let lines = HeadScanner.lines(of: head, .response)
    let (status, headers) = try Self.parseHead(lines)
    if (100..<200).contains(status) {
      guard status != 101 else { throw .malformedResponse("the server switched to another protocol") }
      interimResponses += 1
      guard interimResponses <= Self.maximumInterimResponses else {
        throw .malformedResponse("more than \(Self.maximumInterimResponses) interim (1xx) answers")
      }
      return
    }
    self.status = status
    self.headers = headers.fields
    isHTTP10 = lines.first?.starts(with: "HTTP/1.0".utf8) ?? false
    if status == 204 || status == 304 || (skipsRedirectBodies && RedirectPolicy.redirectStatuses.contains(status)) {
      leftBodyUnread = status != 204 && status != 304 && (headers.transferEncoding != nil || headers.contentLength != 0)
      phase = .done
      return
    }
    if let codings = headers.transferEncoding {
      guard codings == ["chunked"] else {
        throw .malformedResponse("the transfer coding '\(codings.joined(separator: ", "))' is not supported")
      }
      phase = .chunkSize
    } else if let length = headers.contentLength {
      announced = length
      guard length <= limit else { throw .tooLarge(limit: limit, announced: length) }
      phase = length == 0 ? .done : .length(remaining: length)
    } else {
      phase = .untilClose
    }
  }

  private mutating func startChunk(_ text: ArraySlice<UInt8>) throws(TransportFailure) {
    line = []
    lineStart = 0
    let size: Int
    do {
      size = try ChunkSizeLine.size(of: text)
    } catch {
      throw .malformedResponse(error.message)
    }
    guard size > 0 else {
      phase = .trailers
      return
    }
    guard body.count + size <= limit else { throw .tooLarge(limit: limit, announced: announced) }
    phase = .chunkData(remaining: size)
  }

  /// The status line and header fields of a head, checked.
  private static func parseHead(_ lines: [ArraySlice<UInt8>]) throws(TransportFailure) -> (Int, ResponseHeadFields) {
    guard let statusLine = lines.first, let status = HTTPStartLine.status(statusLine)?.code else {
      throw .malformedResponse("the answer does not start with an HTTP/1.x status line")
    }
    var fields = ResponseHeadFields()
    for line in lines.dropFirst() where !line.isEmpty {
      let (name, value) = try field(line)
      try fields.add(name: name, value: value)
    }
    return (status, fields)
  }

  /// The name and value of a header (or trailer) field line, without its line end.
  private static func field(_ line: ArraySlice<UInt8>) throws(TransportFailure) -> (name: String, value: String) {
    switch HTTPSyntax.fieldLine(line) {
    case .field(let name, let value): return (latin1(name), latin1(value))
    case .folded: throw .malformedResponse("a header is folded over several lines")
    case .notAField: throw .malformedResponse("a header line is not 'name: value'")
    case .controlByteInValue: throw .malformedResponse("a header value holds a control character")
    }
  }

  private static func trimmingCR(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    line.last == UInt8(ascii: "\r") ? line.dropLast() : line
  }

  /// Header bytes as text, one character per byte (ISO-8859-1, what HTTP/1.1 allows beyond ASCII).
  private static func latin1(_ bytes: ArraySlice<UInt8>) -> String {
    String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
  }
}
