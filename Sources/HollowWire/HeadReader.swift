/// Reads one message head with a ``HeadScanner``, from a socket or from any byte stream (TLS): what
/// the test servers read requests with and the test clients read answers with, so that they find a
/// head's end, and refuse a bad start line or an overlong head, as the client and the demo server do.
///
/// ```swift
/// var buffer: [UInt8] = []  // may already hold bytes (a pipelined request)
/// switch try HeadReader.read(fd, into: &buffer, .request, maxHeaderBytes: 64 * 1024, bounds) {
/// case .head(let length): parse(buffer[..<length]); buffer.removeFirst(length)
/// case .endOfStream, .malformedStartLine, .tooLarge: close(fd)
/// }
/// ```
package enum HeadReader {
  package enum Outcome: Equatable, Sendable {
    /// The head is the first `length` bytes of the buffer (its blank line included); what follows is the body's.
    case head(length: Int)
    /// The stream ended before a whole head.
    case endOfStream
    case malformedStartLine
    /// The head is longer than `maxHeaderBytes`.
    case tooLarge
  }

  /// Reads into `buffer` (appending; it may hold bytes already) until it starts with a whole head; `more`
  /// appends what arrives next and returns false at the end of the stream.
  package static func read<Failure: Error>(
    into buffer: inout [UInt8], _ startLine: HeadScanner.StartLine, maxHeaderBytes: Int,
    more: (inout [UInt8]) throws(Failure) -> Bool
  ) throws(Failure) -> Outcome {
    var scanner = HeadScanner(startLine)
    while true {
      switch scanner.scan(buffer, maxHeaderBytes: maxHeaderBytes) {
      case .complete(let length): return .head(length: length)
      case .malformedStartLine: return .malformedStartLine
      case .tooLarge: return .tooLarge
      case .incomplete: guard try more(&buffer) else { return .endOfStream }
      }
    }
  }

  /// Reads a head off the socket `fd`, every wait bounded by `bounds`.
  package static func read(
    _ fd: Int32, into buffer: inout [UInt8], _ startLine: HeadScanner.StartLine, maxHeaderBytes: Int,
    _ bounds: SocketBounds
  ) throws(SocketFailure) -> Outcome {
    try read(into: &buffer, startLine, maxHeaderBytes: maxHeaderBytes) { (buffer) throws(SocketFailure) in
      try WireSocket.receive(fd, appendingTo: &buffer, bounds) > 0
    }
  }
}
