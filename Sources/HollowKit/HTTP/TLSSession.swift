#if canImport(CHollowTLS)
import CHollowTLS
#endif

/// A TLS session a server granted (an OpenSSL `SSL_SESSION`, TLS 1.3 tickets included), kept per origin
/// by ``ConnectionPool`` so that the next connection to that origin resumes it: an abbreviated handshake,
/// without the server's certificate chain or its signature, on the same number of round trips but with
/// fewer bytes and less CPU on both sides.
///
/// A session is offered only to the origin (scheme, host, port, proxy) that granted it, so it never
/// vouches for another name.
///
/// ```swift
/// let stream = try TLSStream.connect(over: connection, host: host, context: context, session: pool.session(for: key))
/// if let granted = stream.resumableSession() { pool.keep(granted, for: key) }
/// ```
// @unchecked: OpenSSL sessions are reference counted under its own locks and not changed once a handshake
// has used them (a new ticket makes a new session object), so several threads may hand the same one to
// SSL_set_session at once. ConnectionPoolTests.manyConnectionsResumeOneSessionAtOnce does that.
final class TLSSession: @unchecked Sendable {
  #if canImport(CHollowTLS)
  let pointer: OpaquePointer

  /// Takes over one reference to `pointer` (from `SSL_get1_session`).
  init(taking pointer: OpaquePointer) {
    self.pointer = pointer
  }

  deinit {
    SSL_SESSION_free(pointer)
  }
  #endif
}
