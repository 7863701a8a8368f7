/// Opens a `CONNECT` tunnel through an ``HTTPProxy`` on a connection to it, so that TLS to the
/// server can run inside. The proxy's answer head is read byte by byte (nothing past it: the
/// server's TLS follows) and bounded; anything but a 2xx is ``TransportFailure/proxyRefused(proxy:status:)``.
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
    var request = "CONNECT \(authority) HTTP/1.1\r\nHost: \(authority)\r\n"
    if let authorization = proxy.authorization { request += "Proxy-Authorization: \(authorization)\r\n" }
    try connection.sendAll(Array((request + "\r\n").utf8))
    var head: [UInt8] = []
    var byte: [UInt8] = [0]
    while !head.suffix(4).elementsEqual([13, 10, 13, 10]) {
      guard head.count < maximumHeadBytes else {
        throw .malformedResponse(
          "the proxy's answer to CONNECT is larger than \(TransportFailure.bytes(maximumHeadBytes))")
      }
      guard try connection.receive(into: &byte) == 1 else { throw .connectionLost }
      head.append(byte[0])
    }
    let status = try Self.status(head)
    guard (200..<300).contains(status) else { throw .proxyRefused(proxy: proxy.description, status: status) }
  }

  /// The status code of the answer head `head` (`HTTP/1.x NNN ...`).
  static func status(_ head: [UInt8]) throws(TransportFailure) -> Int {
    let line = head.prefix { $0 != 13 && $0 != 10 }
    let fields = line.split(separator: 32, maxSplits: 2)
    guard fields.count >= 2, fields[0].starts(with: Array("HTTP/1.".utf8)), fields[1].count == 3,
      let status = Int(String(decoding: fields[1], as: UTF8.self))
    else { throw .malformedResponse("the proxy's answer to CONNECT does not start with an HTTP/1.x status line") }
    return status
  }
}
