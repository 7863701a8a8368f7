/// What a ``HostileServer`` does with a request once it has read it.
enum HostileBehavior: Sendable {
  /// Writes these bytes, then closes.
  case raw([UInt8])
  /// A well-formed 200 with this JSON body.
  case json(String)
  /// A redirect to `location`, with an empty body.
  case redirect(status: Int, location: String)
  /// Announces `contentLength` (or sends no length and closes at the end, when nil) and writes
  /// zeros as fast as the client reads, until it hangs up.
  case flood(contentLength: Int?)
  /// A chunked body that never ends.
  case endlessChunks
  /// Announces `contentLength`, then writes one byte per `interval` until the client hangs up.
  case trickle(contentLength: Int, interval: Duration)
  /// Writes these bytes, then closes, keep-alive or not.
  case closeAfter([UInt8])
  /// Closes the connection without answering (a keep-alive connection the server gave up on).
  case hangUp
  /// Reads the request and never answers (until the client hangs up or the server stops).
  case silence
  /// Writes these bytes, then resets the connection (RST, not FIN).
  case reset(after: [UInt8])
  /// Writes `head` (over TLS, when the server speaks it), then, under the TLS layer, part of a record,
  /// and closes.
  case cutMidRecord(head: String)

  static func text(_ text: String) -> HostileBehavior {
    .raw(Array(text.utf8))
  }
}
