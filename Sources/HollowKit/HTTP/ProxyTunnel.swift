import HollowWire

/// Opens a `CONNECT` tunnel through an ``HTTPProxy`` on a connection to it, so that TLS to the
/// server can run inside. The proxy's answer head is read byte by byte (nothing past it: the
/// server's TLS follows), its end found by the wire layer's `HeadScanner`, and bounded; anything
/// but a 2xx is ``TransportFailure/proxyRefused(proxy:status:)``.
///
/// ```swift
/// let connection = try SocketConnection.dial(host: proxy.host, port: proxy.port, limits: limits, wake: wake)
/// try ProxyTunnel.open(over: connection, to: target, through: proxy)
/// let stream = try TLSStream.connect(over: connection, host: target.host, context: context)
/// ```
enum ProxyTunnel {
  /// The largest answer head accepted from the proxy.
  static let maximumHeadBytes = 16 * 1024

  static func open(
    over connection: borrowing SocketConnection, to target: HTTPRequestEncoder.Target, through proxy: HTTPProxy
  ) throws(TransportFailure) {
    let authority = HTTPRequestEncoder.authority(target)
    var fields = [("Host", authority)]
    if let authorization = proxy.authorization { fields.append(("Proxy-Authorization", authorization)) }
    let request: [UInt8]
    do {
      request = try HTTPHeadWriter.request(method: "CONNECT", target: authority, fields: fields)
    } catch {
      throw TransportFailure(error)
    }
    try connection.sendAll(request)
    var head: [UInt8] = []
    var scanner = HeadScanner(.response)
    var byte: [UInt8] = [0]
    while true {
      switch scanner.scan(head, maxHeaderBytes: maximumHeadBytes) {
      case .incomplete:
        guard try connection.receive(into: &byte) == 1 else { throw .connectionLost }
        head.append(byte[0])
        continue
      case .complete:
        // The status line was checked as the scanner read it.
        let status = HTTPStartLine.status(HeadScanner.lines(of: head[...], .response)[0])?.code ?? 0
        guard (200..<300).contains(status) else { throw .proxyRefused(proxy: proxy.description, status: status) }
        return
      case .malformedStartLine:
        throw .malformedResponse("the proxy's answer to CONNECT does not start with an HTTP/1.x status line")
      case .tooLarge:
        throw .malformedResponse(
          "the proxy's answer to CONNECT is larger than \(TransportFailure.bytes(maximumHeadBytes))")
      }
    }
  }
}
