/// Finds where a message head ends as its bytes arrive, looking at each byte once: a request's
/// (the demo server's connections) or a response's (``StartLine``).
///
/// A connection calls ``scan(_:maxHeaderBytes:)`` after every read with the whole buffer so far; the
/// scanner remembers how far it has searched for the blank line (and for the end of the start line,
/// which it checks as soon as it is complete), so a head sent one byte at a time costs linear time, not
/// quadratic. Garbage is rejected early: an impossible method byte at once, a bad start line as soon
/// as its CRLF arrives.
///
/// ```swift
/// var scanner = HeadScanner(.request)
/// switch scanner.scan(buffer, maxHeaderBytes: 16_384) {
/// case .complete(let headLength): parse buffer[..<headLength]
/// case .incomplete: read more
/// case .malformedStartLine, .tooLarge: answer 400 or 431 and close
/// }
/// ```
package struct HeadScanner {
  package enum Result: Equatable {
    case incomplete
    /// The head is the first `headLength` bytes (its final CRLFCRLF included).
    case complete(headLength: Int)
    /// The start line is not a request line (``StartLine/request``) or a status line.
    case malformedStartLine
    /// The head is longer than allowed, ended or not.
    case tooLarge
  }

  /// Which message's head: the grammar of its first line.
  package enum StartLine: Sendable {
    case request
    case response
  }

  private let startLine: StartLine

  /// Bytes of the method looked at so far (the method ends at the first space).
  private var methodScanned = 0
  private var methodEnded = false
  /// Where the search for the request line's CRLF resumes; nil once the line is complete and checked.
  private var lineSearchFrom: Int? = 0
  /// Where the search for the blank line resumes.
  private var headSearchFrom = 0
  /// Every byte comparison made, for the tests that hold the scanner to linear time.
  package private(set) var bytesExamined = 0

  package init(_ startLine: StartLine) {
    self.startLine = startLine
    methodEnded = startLine == .response
  }

  /// Looks at the bytes `buffer` gained since the last call (the buffer only grows between calls, until the
  /// request is taken out of it and the scanner replaced).
  package mutating func scan(_ buffer: [UInt8], maxHeaderBytes: Int) -> Result {
    if !methodEnded {
      while methodScanned < buffer.count {
        bytesExamined += 1
        let byte = buffer[methodScanned]
        if byte == UInt8(ascii: " ") {
          methodEnded = true
          break
        }
        guard methodScanned < HTTPStartLine.maximumMethodLength, HTTPStartLine.isMethodByte(byte) else {
          return .malformedStartLine
        }
        methodScanned += 1
      }
    }
    if let from = lineSearchFrom {
      if let lineEnd = find(Self.crlf, in: buffer, from: from) {
        let line = buffer[0..<lineEnd]
        let isValid =
          switch startLine {
          case .request: HTTPStartLine.request(line) != nil
          case .response: HTTPStartLine.status(line) != nil
          }
        guard isValid else { return .malformedStartLine }
        lineSearchFrom = nil
      } else {
        lineSearchFrom = max(0, buffer.count - 1)
      }
    }
    if let end = find(Self.blankLine, in: buffer, from: headSearchFrom) {
      let headLength = end + Self.blankLine.count
      guard headLength <= maxHeaderBytes else { return .tooLarge }
      return .complete(headLength: headLength)
    }
    headSearchFrom = max(0, buffer.count - (Self.blankLine.count - 1))
    guard buffer.count <= maxHeaderBytes else { return .tooLarge }
    return .incomplete
  }

  package static let crlf: [UInt8] = [13, 10]
  package static let blankLine: [UInt8] = [13, 10, 13, 10]

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
