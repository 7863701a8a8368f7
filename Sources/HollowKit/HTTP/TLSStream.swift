import HollowWire

#if canImport(CHollowTLS)
import CHollowTLS

/// TLS over a ``SocketConnection``: OpenSSL encrypts into and decrypts from memory buffers, and the
/// connection moves the bytes. So every wait (the handshake's included) is the connection's `poll`
/// on the socket and its ``WakePipe``, bounded by the idle timeout and the deadline, cancellable and
/// free of CPU; and a write to a closed peer is `MSG_NOSIGNAL`, never a SIGPIPE.
///
/// The peer is verified: a chain to a trusted root (``TLSTrust``), the host name (with SNI) or IP
/// address, TLS 1.2 or later. A failure is a ``TransportFailure`` sentence, never OpenSSL's error
/// queue, which is cleared. The end of the stream without TLS's `close_notify` counts as
/// ``TransportFailure/connectionLost``: a truncated answer is never taken for a whole one.
///
/// ```swift
/// let stream = try TLSStream.connect(over: connection, host: "example.org", context: context)
/// try stream.sendAll(Array("GET / HTTP/1.1\r\nHost: example.org\r\n\r\n".utf8))
/// ```
struct TLSStream: ~Copyable, ByteStream {
  private let connection: SocketConnection
  private let ssl: OpaquePointer
  /// What arrived from the socket, for OpenSSL to decrypt (owned by `ssl`).
  private let incoming: OpaquePointer
  /// What OpenSSL encrypted, for the socket (owned by `ssl`).
  private let outgoing: OpaquePointer

  /// The most a TLS record takes on the wire: one read of the socket feeds OpenSSL this much at most.
  private static let recordBytes = 16 * 1024 + 2048

  private init(
    connection: consuming SocketConnection, ssl: OpaquePointer, incoming: OpaquePointer, outgoing: OpaquePointer
  ) {
    self.connection = connection
    self.ssl = ssl
    self.incoming = incoming
    self.outgoing = outgoing
  }

  deinit {
    SSL_free(ssl)
  }

  /// Shakes hands with the server at the other end of `connection`, which must prove it is `host`;
  /// offers to resume `session` (one this origin granted before), which the server may decline.
  static func connect(
    over connection: consuming SocketConnection, host: String, context: TLSContext, session: TLSSession? = nil
  ) throws(TransportFailure) -> TLSStream {
    guard let ssl = SSL_new(context.pointer) else { throw failure(.other("cannot set up TLS (out of memory)")) }
    guard let incoming = BIO_new(BIO_s_mem()), let outgoing = BIO_new(BIO_s_mem()) else {
      SSL_free(ssl)
      throw failure(.other("cannot set up TLS (out of memory)"))
    }
    // An empty buffer means "wait for the socket", not the end of the stream.
    hollow_BIO_set_mem_eof_return(incoming, -1)
    SSL_set_bio(ssl, incoming, outgoing)
    let stream = TLSStream(connection: connection, ssl: ssl, incoming: incoming, outgoing: outgoing)
    guard stream.expect(host: host) else { throw failure(.other("cannot set up TLS for this host name")) }
    if let session { _ = SSL_set_session(ssl, session.pointer) }
    SSL_set_connect_state(ssl)
    try stream.handshake(host: host)
    return stream
  }

  /// Whether the handshake resumed the offered session.
  var isResumed: Bool {
    SSL_session_reused(ssl) == 1
  }

  /// The session to offer the next connection to this origin, once the server granted one that can be
  /// resumed (under TLS 1.3 its ticket arrives after the handshake: ask after an answer was read).
  func resumableSession() -> TLSSession? {
    guard let session = SSL_get1_session(ssl) else { return nil }
    let kept = TLSSession(taking: session)
    return SSL_SESSION_is_resumable(session) == 1 ? kept : nil
  }

  /// Says goodbye (`close_notify`) before a connection that ended cleanly closes, without waiting for
  /// the socket: OpenSSL spoils the session of a connection freed without it, which would cost the
  /// origin's next connection its resumption.
  func shutDown() {
    _ = SSL_shutdown(ssl)
    let pending = hollow_BIO_pending(outgoing)
    if pending > 0 {
      var bytes = [UInt8](repeating: 0, count: min(pending, 1024))
      let count = bytes.withUnsafeMutableBytes { BIO_read(outgoing, $0.baseAddress, Int32($0.count)) }
      if count > 0 { connection.sendWithoutWaiting(bytes[0..<Int(count)]) }
    }
    ERR_clear_error()
  }

  /// The current exchange's limits and wake-up pipe, for the connection underneath.
  var bounds: WaitBounds {
    connection.bounds
  }

  /// Whether the connection can carry another exchange: the socket is open and nothing but TLS's own
  /// messages arrived since the last answer. A server sends session tickets after the handshake, so a
  /// connection opened early (or one whose tickets came late) has bytes waiting: they are handed to
  /// OpenSSL here, without waiting; application data, a `close_notify` or the end of the stream mean
  /// the connection is done.
  var isIdleAndOpen: Bool {
    guard SSL_pending(ssl) == 0 else { return false }
    var scratch = [UInt8](repeating: 0, count: Self.recordBytes)
    var arrived = false
    while let count = connection.receiveWithoutWaiting(into: &scratch) {
      guard count > 0 else { return false }
      let taken = scratch.withUnsafeBytes { BIO_write(incoming, $0.baseAddress, Int32(count)) }
      guard taken == Int32(count) else { return false }
      arrived = true
    }
    guard arrived || hollow_BIO_pending(incoming) > 0 else { return connection.isIdleAndOpen }
    let result = scratch.withUnsafeMutableBytes { SSL_read(ssl, $0.baseAddress, 1) }
    let error = SSL_get_error(ssl, result)
    ERR_clear_error()
    return result <= 0 && error == SSL_ERROR_WANT_READ && connection.isIdleAndOpen
  }

  /// Asks OpenSSL to check the certificate against `host`: an IP address, or a name (also sent as SNI).
  ///
  /// The names are the certificate's subjectAltName entries only, as RFC 9525 and browsers have it:
  /// never the subject's common name (a certificate without a subjectAltName proves no name), and a
  /// wildcard only as the whole left-most label (`*.example.test`, never `vic*.example.test`). An IP
  /// address is matched against the iPAddress entries alone, so no wildcard ever stands for one.
  private func expect(host: String) -> Bool {
    let parameters = SSL_get0_param(ssl)
    X509_VERIFY_PARAM_set_hostflags(parameters, Self.strictNames)
    if IPLiteral.bytes(of: host) != nil {
      return X509_VERIFY_PARAM_set1_ip_asc(parameters, host) == 1
    }
    return hollow_SSL_set_tlsext_host_name(ssl, host) == 1 && SSL_set1_host(ssl, host) == 1
  }

  /// OpenSSL's name-check flags for ``expect(host:)``: no subject fallback, no partial wildcards
  /// (and, by OpenSSL's defaults, a wildcard covers one label only, in the left-most position).
  private static let strictNames = UInt32(X509_CHECK_FLAG_NEVER_CHECK_SUBJECT | X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS)

  private func handshake(host: String) throws(TransportFailure) {
    var scratch = [UInt8](repeating: 0, count: Self.recordBytes)
    while true {
      let result = SSL_do_handshake(ssl)
      if result == 1 { return try flush() }
      guard SSL_get_error(ssl, result) == SSL_ERROR_WANT_READ else {
        try? flush()  // the alert that tells the server why, if it still listens
        throw Self.failure(handshakeFailure(host: host))
      }
      try flush()
      try feed(using: &scratch)
    }
  }

  /// Why the handshake failed, in the user's words.
  private func handshakeFailure(host: String) -> TransportFailure {
    let verdict = SSL_get_verify_result(ssl)
    switch Int32(truncatingIfNeeded: verdict) {
    case X509_V_OK: return .secureConnectionFailed
    case X509_V_ERR_HOSTNAME_MISMATCH, X509_V_ERR_IP_ADDRESS_MISMATCH: return .certificateNameMismatch(host: host)
    default:
      let reason = X509_verify_cert_error_string(verdict).map { String(cString: $0) } ?? "code \(verdict)"
      return .untrustedCertificate(reason: reason)
    }
  }

  func sendAll(_ bytes: [UInt8]) throws(TransportFailure) {
    var written = 0
    while written < bytes.count {
      let result = bytes.withUnsafeBytes { buffer in
        SSL_write(ssl, buffer.baseAddress! + written, Int32(clamping: buffer.count - written))
      }
      if result > 0 {
        written += Int(result)
        try flush()
      } else {
        var scratch = [UInt8](repeating: 0, count: Self.recordBytes)
        guard try settle(result, scratch: &scratch) else { throw .connectionLost }
      }
    }
  }

  func receive(into scratch: inout [UInt8]) throws(TransportFailure) -> Int {
    while true {
      let result = scratch.withUnsafeMutableBytes { buffer in
        SSL_read(ssl, buffer.baseAddress, Int32(clamping: buffer.count))
      }
      if result > 0 { return Int(result) }
      // The caller's buffer doubles as the socket's: what OpenSSL decrypts next overwrites it.
      guard try settle(result, scratch: &scratch) else { return 0 }
    }
  }

  /// After an SSL call returned `result` (not a success): feeds it what it waits for and returns
  /// true to retry; false when the server closed the TLS session properly; throws otherwise.
  private func settle(_ result: Int32, scratch: inout [UInt8]) throws(TransportFailure) -> Bool {
    switch SSL_get_error(ssl, result) {
    case SSL_ERROR_WANT_READ:
      try flush()
      try feed(using: &scratch)
      return true
    case SSL_ERROR_WANT_WRITE:
      try flush()
      return true
    case SSL_ERROR_ZERO_RETURN:
      return false
    default:
      throw Self.failure(.secureConnectionFailed)
    }
  }

  /// Sends what OpenSSL has encrypted so far.
  private func flush() throws(TransportFailure) {
    while true {
      let pending = hollow_BIO_pending(outgoing)
      guard pending > 0 else { return }
      var bytes = [UInt8](repeating: 0, count: min(pending, 64 * 1024))
      let count = bytes.withUnsafeMutableBytes { BIO_read(outgoing, $0.baseAddress, Int32($0.count)) }
      guard count > 0 else { return }
      bytes.removeSubrange(Int(count)...)
      try connection.sendAll(bytes)
    }
  }

  /// Reads the socket once (waiting as the connection does) and hands the bytes to OpenSSL. The end
  /// of the stream here, while OpenSSL still expects bytes, is a connection lost mid-session.
  private func feed(using scratch: inout [UInt8]) throws(TransportFailure) {
    if scratch.count < Self.recordBytes { scratch = [UInt8](repeating: 0, count: Self.recordBytes) }
    let count = try connection.receive(into: &scratch)
    guard count > 0 else { throw Self.failure(.connectionLost) }
    let taken = scratch.withUnsafeBytes { BIO_write(incoming, $0.baseAddress, Int32(count)) }
    guard taken == Int32(count) else { throw Self.failure(.other("cannot set up TLS (out of memory)")) }
  }

  /// `failure`, after clearing this thread's OpenSSL error queue (its text never reaches the user).
  private static func failure(_ failure: TransportFailure) -> TransportFailure {
    ERR_clear_error()
    return failure
  }
}
#endif
