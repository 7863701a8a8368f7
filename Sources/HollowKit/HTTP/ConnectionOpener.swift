import HollowWire

/// Opens a connection for ``ConnectionPool``: TCP to the server or the proxy, a `CONNECT` tunnel for
/// https through a proxy, then the TLS handshake, offering the origin's last session.
///
/// The TLS context is asked for (`tls`) only once TCP is connected: the first https connection of a run
/// sends its SYN at once, and OpenSSL loads (``SocketTransport/prepareContext()``) while it is in flight.
///
/// ```swift
/// let connection = try ConnectionOpener.open(key, tls: transport.context, session: session, limits: limits, wake: wake)
/// ```
enum ConnectionOpener {
  static func open(
    _ key: ConnectionPool.Key, tls: () throws(TransportFailure) -> TLSContext, session: TLSSession?,
    limits: SocketConnection.Limits, wake: WakePipe
  ) throws(TransportFailure) -> PooledConnection {
    let connection: SocketConnection
    do {
      connection = try dial(key, limits: limits, wake: wake)
    } catch {
      // https that could not work anyway (OpenSSL missing) says so, rather than why this connect failed.
      if key.isSecure { _ = try tls() }
      throw error
    }
    guard key.isSecure else { return PooledConnection(key: key, stream: .plain(connection)) }
    #if canImport(CHollowTLS)
    if let proxy = key.proxy { try ProxyTunnel.open(over: connection, to: key.target, through: proxy) }
    let stream = try TLSStream.connect(over: connection, host: key.target.host, context: try tls(), session: session)
    return PooledConnection(key: key, stream: .secure(stream))
    #else
    _ = (tls, session)
    throw .unsupportedURL(scheme: "https")
    #endif
  }

  /// A connection to the proxy, or to the server; a proxy that cannot be reached says so.
  private static func dial(_ key: ConnectionPool.Key, limits: SocketConnection.Limits, wake: WakePipe)
    throws(TransportFailure) -> SocketConnection
  {
    guard let proxy = key.proxy else {
      return try SocketConnection.dial(host: key.target.host, port: key.target.port, limits: limits, wake: wake)
    }
    do {
      return try SocketConnection.dial(host: proxy.host, port: proxy.port, limits: limits, wake: wake)
    } catch .notConnected, .hostNotFound {
      throw .proxyUnreachable(proxy: proxy.description)
    }
  }
}
