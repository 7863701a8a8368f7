/// Finds where a message head ends as its bytes arrive, looking at each byte once: a request's
/// (the demo server's connections, the test servers) or a response's (the client's parser, a
/// proxy's answer to `CONNECT`, the test clients).
///
/// A reader calls ``scan(_:maxHeaderBytes:)`` after every read with the whole buffer so far; the
/// scanner remembers how far it has looked (and checks the start line as soon as its line end
/// arrives), so a head sent one byte at a time costs linear time, not quadratic, and no byte past
/// the limit is looked at. Garbage is rejected early: an impossible method byte at once, a bad start
/// line as soon as its line ends.
///
/// A request's lines end with CRLF only (a bare LF is part of the line, which the request parser
/// then refuses); a response's may end with a bare LF too, as RFC 9112 §2.2 lets a recipient
/// accept, since servers that send them exist.
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
    /// The head is the first `headLength` bytes (its blank line included).
    case complete(headLength: Int)
    /// The start line is not one of ``StartLine``'s kind.
    case malformedStartLine
    /// The head is longer than allowed, ended or not.
    case tooLarge
  }

  /// Which message's head: the grammar of its first line, and its line ends.
  package enum StartLine: Sendable {
    /// A request to a server (``HTTPStartLine/request(_:)``).
    case request
    /// A request to a proxy, whose target may be `host:port` (``HTTPStartLine/proxyRequest(_:)``).
    case proxyRequest
    /// A response (``HTTPStartLine/status(_:)``).
    case response
  }

  private let startLine: StartLine

  /// Bytes of the method looked at so far (the method ends at the first space).
  private var methodScanned = 0
  private var methodEnded = false
  /// The next byte to look at for a line end.
  private var position = 0
  /// Where the line being read starts.
  private var lineStart = 0
  private var startLineChecked = false
  /// The answer once the head ended or was refused: a later call with more bytes gives it again.
  private var verdict: Result?
  /// Every byte comparison made, for the tests that hold the scanner to linear time.
  package private(set) var bytesExamined = 0

  package init(_ startLine: StartLine) {
    self.startLine = startLine
    methodEnded = startLine == .response
  }

  /// Looks at the bytes `buffer` gained since the last call (the buffer only grows between calls, until the
  /// message is taken out of it and the scanner replaced).
  package mutating func scan(_ buffer: [UInt8], maxHeaderBytes: Int) -> Result {
    if let verdict { return verdict }
    let result = scanMore(buffer, maxHeaderBytes: maxHeaderBytes)
    if result != .incomplete { verdict = result }
    return result
  }

  private mutating func scanMore(_ buffer: [UInt8], maxHeaderBytes: Int) -> Result {
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
    let cr = UInt8(ascii: "\r")
    let lf = UInt8(ascii: "\n")
    while position < buffer.count {
      guard position < maxHeaderBytes else { return .tooLarge }
      bytesExamined += 1
      let byte = buffer[position]
      position += 1
      guard byte == lf else { continue }
      var end = position - 1
      if end > lineStart, buffer[end - 1] == cr {
        end -= 1
      } else if startLine != .response {
        continue
      }
      let line = buffer[lineStart..<end]
      lineStart = position
      if startLineChecked {
        if line.isEmpty { return .complete(headLength: position) }
        continue
      }
      let isValid =
        switch startLine {
        case .request: HTTPStartLine.request(line) != nil
        case .proxyRequest: HTTPStartLine.proxyRequest(line) != nil
        case .response: HTTPStartLine.status(line) != nil
        }
      guard isValid else { return .malformedStartLine }
      startLineChecked = true
    }
    return buffer.count > maxHeaderBytes ? .tooLarge : .incomplete
  }

  /// The lines of a whole head as ``scan(_:maxHeaderBytes:)`` found it (its blank line excluded), without
  /// their line ends: split at CRLF, and for a response at a bare LF too.
  package static func lines(of head: ArraySlice<UInt8>, _ startLine: StartLine) -> [ArraySlice<UInt8>] {
    var lines: [ArraySlice<UInt8>] = []
    var start = head.startIndex
    for index in head.indices where head[index] == UInt8(ascii: "\n") {
      if index > start, head[index - 1] == UInt8(ascii: "\r") {
        lines.append(head[start..<(index - 1)])
      } else if startLine == .response {
        lines.append(head[start..<index])
      } else {
        continue
      }
      start = index + 1
    }
    if start < head.endIndex { lines.append(head[start...]) }
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines
  }
}
