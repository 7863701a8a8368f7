#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The blocking work of one socket exchange: connect (directly or to a proxy), shake hands for
/// https, send, read the answer through ``HTTPResponseParser``.
///
/// ```swift
/// let result = SocketExchange(request: request, bytes: bytes, target: target, proxy: nil, tls: context,
///   limits: limits, wake: wake).run()
/// ```
struct SocketExchange: Sendable {
  let request: HTTPClientRequest
  let bytes: [UInt8]
  let target: HTTPRequestEncoder.Target
  /// The proxy to go through; for https a `CONNECT` tunnel, for http it already shaped `bytes`.
  let proxy: HTTPProxy?
  /// The TLS context for https; nil for plain http.
  let tls: TLSContext?
  let limits: SocketConnection.Limits
  let wake: WakePipe

  func run() -> Result<HTTPClientResponse, TransportFailure> {
    do throws(TransportFailure) {
      let connection = try dial()
      guard let tls else {
        let response = try exchange(over: connection)
        // 407 is the proxy's own answer (RFC 9110): it did not carry the request.
        if let proxy, response.status == 407 { throw .proxyRefused(proxy: proxy.description, status: 407) }
        return .success(response)
      }
      #if canImport(CHollowTLS)
      if let proxy { try ProxyTunnel.open(over: connection, to: target, through: proxy) }
      let stream = try TLSStream.connect(over: connection, host: target.host, context: tls)
      return .success(try exchange(over: stream))
      #else
      _ = tls
      return .failure(.unsupportedURL(scheme: "https"))
      #endif
    } catch {
      return .failure(error)
    }
  }

  /// A connection to the proxy, or to the server; a proxy that cannot be reached says so.
  private func dial() throws(TransportFailure) -> SocketConnection {
    guard let proxy else {
      return try SocketConnection.dial(host: target.host, port: target.port, limits: limits, wake: wake)
    }
    do {
      return try SocketConnection.dial(host: proxy.host, port: proxy.port, limits: limits, wake: wake)
    } catch .notConnected, .hostNotFound {
      throw .proxyUnreachable(proxy: proxy.description)
    }
  }

  private func exchange<Stream: ByteStream & ~Copyable>(over stream: borrowing Stream) throws(TransportFailure)
    -> HTTPClientResponse
  {
    var parser = HTTPResponseParser(limit: request.maximumResponseBytes)
    var scratch = [UInt8](repeating: 0, count: 64 * 1024)
    do {
      try stream.sendAll(bytes)
    } catch .connectionLost {
      // A server may answer (413, say) and close before reading the whole body: read what it said.
    }
    while true {
      let count = try stream.receive(into: &scratch)
      if count == 0 { return try parser.finish() }
      if let response = try parser.consume(scratch[0..<count]) { return response }
    }
  }
}
