/// Writes a chunked body (RFC 9112 §7.1) as ``ChunkSizeLine`` and the client's parser read it: each
/// chunk its size in hexadecimal, CRLF, the bytes, CRLF; the last chunk `0` and the blank line that
/// ends an empty trailer section.
///
/// ```swift
/// ChunkedWriter.chunk(Array("hello".utf8)) + ChunkedWriter.last  // "5\r\nhello\r\n0\r\n\r\n"
/// ```
package enum ChunkedWriter {
  /// The last chunk and an empty trailer section.
  package static let last: [UInt8] = Array("0\r\n\r\n".utf8)

  /// One chunk holding `bytes` (which must not be empty: an empty chunk is the last one).
  package static func chunk(_ bytes: some Collection<UInt8>) -> [UInt8] {
    precondition(!bytes.isEmpty, "an empty chunk ends the body: use ChunkedWriter.last")
    return Array((String(bytes.count, radix: 16) + "\r\n").utf8) + bytes + [13, 10]
  }
}
