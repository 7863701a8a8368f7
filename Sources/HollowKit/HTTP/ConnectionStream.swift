/// The bytes of one pooled connection: plain TCP, or TLS over it. ``ConnectionPool`` keeps either kind,
/// and ``SocketExchange`` speaks HTTP over either through ``ByteStream``.
///
/// ```swift
/// let stream = ConnectionStream.plain(try SocketConnection.dial(host: host, port: port, limits: limits, wake: wake))
/// try stream.sendAll(bytes)
/// ```
enum ConnectionStream: ~Copyable, ByteStream {
  case plain(SocketConnection)
  #if canImport(CHollowTLS)
  case secure(TLSStream)
  #endif

  func sendAll(_ bytes: [UInt8]) throws(TransportFailure) {
    switch self {
    case .plain(let connection): try connection.sendAll(bytes)
    #if canImport(CHollowTLS)
    case .secure(let stream): try stream.sendAll(bytes)
    #endif
    }
  }

  func receive(into scratch: inout [UInt8]) throws(TransportFailure) -> Int {
    switch self {
    case .plain(let connection): try connection.receive(into: &scratch)
    #if canImport(CHollowTLS)
    case .secure(let stream): try stream.receive(into: &scratch)
    #endif
    }
  }

  /// The current exchange's limits and wake-up pipe.
  var bounds: WaitBounds {
    switch self {
    case .plain(let connection): connection.bounds
    #if canImport(CHollowTLS)
    case .secure(let stream): stream.bounds
    #endif
    }
  }

  /// Whether it can carry another exchange now (see ``SocketConnection/isIdleAndOpen``).
  var isIdleAndOpen: Bool {
    switch self {
    case .plain(let connection): connection.isIdleAndOpen
    #if canImport(CHollowTLS)
    case .secure(let stream): stream.isIdleAndOpen
    #endif
    }
  }

  /// Ends TLS politely before a connection that ended cleanly closes (see ``TLSStream/shutDown()``).
  func shutDown() {
    switch self {
    case .plain: break
    #if canImport(CHollowTLS)
    case .secure(let stream): stream.shutDown()
    #endif
    }
  }

  /// Whether its TLS handshake resumed a session (false for plain TCP).
  var isResumed: Bool {
    switch self {
    case .plain: false
    #if canImport(CHollowTLS)
    case .secure(let stream): stream.isResumed
    #endif
    }
  }

  /// The TLS session to offer the next connection to the same origin, if the server granted one.
  func resumableSession() -> TLSSession? {
    switch self {
    case .plain: nil
    #if canImport(CHollowTLS)
    case .secure(let stream): stream.resumableSession()
    #endif
    }
  }
}
