import Foundation
import HollowWire
import LoopbackTesting
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP proxy on loopback for the proxy tests: `CONNECT host:port` is answered 200 and spliced
/// to 127.0.0.1:port (whatever the host: the client never resolves it itself), and an absolute-form
/// `GET http://host:port/path` is sent on to 127.0.0.1:port in origin form, without the
/// `Proxy-Authorization`. With `requiredAuthorization`, anything else gets a 407.
///
/// ```swift
/// let proxy = try TestProxy()
/// let http = NetworkHTTPClient(proxies: ProxySettings(environment: ["http_proxy": proxy.address]))
/// // proxy.requests: [("GET", "http://target.test:8080/x", nil)]
/// ```
final class TestProxy: Sendable {
  /// One request line the proxy read, with the `Proxy-Authorization` it carried.
  struct Request: Sendable, Equatable {
    var method: String
    var target: String
    var authorization: String?
  }

  let port: Int
  private let requiredAuthorization: String?
  private let stopPipe: StopPipe
  private let log = Mutex<[Request]>([])

  init(requiredAuthorization: String? = nil) throws {
    self.requiredAuthorization = requiredAuthorization
    stopPipe = try StopPipe()
    let socket = try LoopbackListener(backlog: 16)
    port = Int(socket.port)
    try socket.acceptEach(until: stopPipe.wakePipe) { [self] client, _ in serve(client) }
  }

  deinit {
    stopPipe.stop()
  }

  /// `http://127.0.0.1:<port>`, for the proxy variables.
  var address: String { "http://127.0.0.1:\(port)" }

  var requests: [Request] { log.withLock { $0 } }

  func stop() {
    stopPipe.stop()
  }

  private func serve(_ client: Int32) {
    defer { close(client) }
    var buffer: [UInt8] = []
    let outcome = try? HeadReader.read(
      client, into: &buffer, .proxyRequest, maxHeaderBytes: MessageHead.maximumBytes,
      SocketBounds(wake: stopPipe.wakePipe))
    guard case .head(let length) = outcome, let head = MessageHead(request: buffer[..<length]) else { return }
    let rest = Array(buffer[length...])
    let authorization = head.headers["proxy-authorization"]
    log.withLock { $0.append(Request(method: head.method, target: head.target, authorization: authorization)) }
    if let requiredAuthorization, authorization != requiredAuthorization {
      _ = sendAll(client, Array("HTTP/1.1 407 Proxy Authentication Required\r\nContent-Length: 0\r\n\r\n".utf8))
      return
    }
    if head.method == "CONNECT" {
      guard let port = head.target.split(separator: ":").last.flatMap({ Int($0) }),
        let server = connectLoopback(port)
      else { return }
      defer { close(server) }
      guard sendAll(client, Array("HTTP/1.1 200 Connection established\r\n\r\n".utf8)) else { return }
      splice(client, server, pending: rest)
    } else {
      guard let url = URL(string: head.target), let port = url.port, let server = connectLoopback(port) else {
        return
      }
      defer { close(server) }
      var forwarded =
        "\(head.method) \(url.path.isEmpty ? "/" : url.path)\(url.query.map { "?\($0)" } ?? "") HTTP/1.1"
      for line in HeadScanner.lines(of: buffer[..<length], .proxyRequest).dropFirst()
      where !line.starts(with: Array("proxy-authorization:".utf8), by: { Self.lowercased($0) == $1 }) {
        forwarded += "\r\n" + String(decoding: line, as: UTF8.self)
      }
      guard sendAll(server, Array((forwarded + "\r\n\r\n").utf8) + rest) else { return }
      splice(client, server, pending: [])
    }
  }

  private static func lowercased(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
  }

  private func connectLoopback(_ port: Int) -> Int32? {
    try? WireSocket.dial(host: "127.0.0.1", port: port, SocketBounds(deadline: .now + .seconds(10)))
  }

  /// Copies bytes both ways until either side closes or the proxy stops.
  private func splice(_ client: Int32, _ server: Int32, pending: [UInt8]) {
    guard pending.isEmpty || sendAll(server, pending) else { return }
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    let bounds = SocketBounds(wake: stopPipe.wakePipe)
    while let ready = try? WireSocket.wait(anyOf: [client, server], for: Int16(POLLIN), bounds) {
      for (from, to) in [(client, server), (server, client)] where ready[from == client ? 0 : 1] != 0 {
        let count = chunk.withUnsafeMutableBytes { try? WireSocket.receiveWithoutWaiting(from, into: $0) }
        guard let count, count > 0, sendAll(to, Array(chunk[0..<count])) else { return }
      }
    }
  }

  private func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    (try? WireSocket.sendAll(fd, bytes[...], SocketBounds(wake: stopPipe.wakePipe))) != nil
  }
}
