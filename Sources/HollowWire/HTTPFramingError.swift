/// A message whose framing breaks HTTP/1.1's grammar (a chunk-size line, say), with a sentence that
/// says what and quotes the bytes (control bytes escaped). The client reports it as a malformed
/// answer.
///
/// ```swift
/// do { _ = try ChunkSizeLine.size(of: Array("+4f".utf8)[...]) } catch { print(error.message) }
/// ```
package struct HTTPFramingError: Error, Sendable, Equatable {
  package var message: String

  package init(_ message: String) {
    self.message = message
  }
}
