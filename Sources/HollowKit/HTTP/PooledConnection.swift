/// One connection that ``ConnectionPool`` keeps for its origin: the stream (plain or TLS) and what it
/// was opened for. Exactly one exchange uses it at a time: the pool hands it over under its lock, and
/// the exchange that holds it gives it back (or drops it) when it is done.
///
/// ```swift
/// let connection = try ConnectionOpener.open(key, tls: transport.context, session: nil, limits: limits, wake: wake)
/// try connection.stream.sendAll(bytes)
/// ```
// @unchecked: TLSStream's OpenSSL pointers are not Sendable, but a connection only ever moves whole from
// one thread to the next through ConnectionPool's lock (or an early connection's thread, which hands it
// to the pool when it is done), never used by two at once. ConnectionPoolTests'
// manyRequestsShareAFewTLSConnectionsWithoutMixingTheirAnswers runs 48 requests over 4 TLS connections.
final class PooledConnection: @unchecked Sendable {
  let key: ConnectionPool.Key
  let stream: ConnectionStream

  init(key: ConnectionPool.Key, stream: consuming ConnectionStream) {
    self.key = key
    self.stream = stream
  }
}
