/// Finds where a request head ends as its bytes arrive, looking at each byte once.
///
/// A connection calls ``scan(_:maxHeaderBytes:)`` after every read with the whole buffer so far; the
/// scanner remembers how far it has searched for the blank line (and for the end of the request line,
/// which it checks as soon as it is complete), so a head sent one byte at a time costs linear time, not
/// quadratic. Garbage is still rejected as early as before: an impossible method byte at once, a bad
/// request line as soon as its CRLF arrives.
///
/// ```swift
/// var scanner = HeadScanner()
/// switch scanner.scan(buffer, maxHeaderBytes: 16_384) {
/// case .complete(let headLength): RequestParser.parseHead(buffer[..<headLength], …)
/// case .incomplete: read more
/// case .rejected(let status, let reason): answer and close
/// }
/// ```
struct HeadScanner {
  enum Result: Equatable {
    case incomplete
    /// The head is the first `headLength` bytes (its final CRLFCRLF included).
    case complete(headLength: Int)
    case rejected(status: Int, reason: String)
  }

  static let maximumMethodLength = 16

  /// Bytes of the method looked at so far (the method ends at the first space).
  private var methodScanned = 0
  private var methodEnded = false
  /// Where the search for the request line's CRLF resumes; nil once the line is complete and checked.
  private var lineSearchFrom: Int? = 0
  /// Where the search for the blank line resumes.
  private var headSearchFrom = 0
  /// Every byte comparison made, for the tests that hold the scanner to linear time.
  private(set) var bytesExamined = 0

  /// Looks at the bytes `buffer` gained since the last call (the buffer only grows between calls, until the
  /// request is taken out of it and the scanner replaced).
  mutating func scan(_ buffer: [UInt8], maxHeaderBytes: Int) -> Result {
    if !methodEnded {
      while methodScanned < buffer.count {
        bytesExamined += 1
        let byte = buffer[methodScanned]
        if byte == UInt8(ascii: " ") {
          methodEnded = true
          break
        }
        guard methodScanned < Self.maximumMethodLength, RequestParser.isMethodByte(byte) else {
          return .rejected(status: 400, reason: "malformed request line")
        }
        methodScanned += 1
      }
    }
    if let from = lineSearchFrom {
      if let lineEnd = find(RequestParser.crlf, in: buffer, from: from) {
        guard case .success = RequestParser.parseRequestLine(buffer[0..<lineEnd]) else {
          return .rejected(status: 400, reason: "malformed request line")
        }
        lineSearchFrom = nil
      } else {
        lineSearchFrom = max(0, buffer.count - 1)
      }
    }
    if let end = find(RequestParser.blankLine, in: buffer, from: headSearchFrom) {
      let headLength = end + RequestParser.blankLine.count
      guard headLength <= maxHeaderBytes else { return .rejected(status: 431, reason: "request head too large") }
      return .complete(headLength: headLength)
    }
    headSearchFrom = max(0, buffer.count - (RequestParser.blankLine.count - 1))
    guard buffer.count <= maxHeaderBytes else { return .rejected(status: 431, reason: "request head too large") }
    return .incomplete
  }

  /// The offset of the first `needle` in `buffer` at or after `start`.
  private mutating func find(_ needle: [UInt8], in buffer: [UInt8], from start: Int) -> Int? {
    guard buffer.count >= needle.count, start <= buffer.count - needle.count else { return nil }
    let first = needle[0]
    var examined = 0
    defer { bytesExamined += examined }
    return buffer.withUnsafeBufferPointer { bytes in
      var index = start
      while index <= bytes.count - needle.count {
        examined += 1
        if bytes[index] == first {
          var matched = 1
          while matched < needle.count, bytes[index + matched] == needle[matched] { matched += 1 }
          if matched == needle.count { return index }
        }
        index += 1
      }
      return nil
    }
  }
}
