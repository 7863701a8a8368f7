/// The blocking work of one socket exchange: connect, send, read the answer.
struct SocketExchange: Sendable {
  let request: HTTPClientRequest
  let bytes: [UInt8]
  let target: HTTPRequestEncoder.Target
  let limits: SocketConnection.Limits
  let wake: WakePipe

  func run() -> Result<HTTPClientResponse, TransportFailure> {
    do throws(TransportFailure) {
      let connection = try SocketConnection.dial(host: target.host, port: target.port, limits: limits, wake: wake)
      var parser = HTTPResponseParser(limit: request.maximumResponseBytes)
      var scratch = [UInt8](repeating: 0, count: 64 * 1024)
      do {
        try connection.sendAll(bytes)
      } catch .connectionLost {
        // A server may answer (413, say) and close before reading the whole body: read what it said.
      }
      while true {
        let count = try connection.receive(into: &scratch)
        if count == 0 { return .success(try parser.finish()) }
        if let response = try parser.consume(scratch[0..<count]) { return .success(response) }
      }
    } catch {
      return .failure(error)
    }
  }
}
