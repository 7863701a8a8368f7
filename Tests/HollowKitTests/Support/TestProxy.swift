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
  private let listener: Int32
  private let requiredAuthorization: String?
  private let stopPipe: StopPipe
  private let log = Mutex<[Request]>([])

  init(requiredAuthorization: String? = nil) throws {
    self.requiredAuthorization = requiredAuthorization
    stopPipe = try StopPipe()
    let socket = try LoopbackListener(backlog: 16)
    listener = socket.fd
    port = Int(socket.port)
    Thread { [self] in acceptLoop() }.start()
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

  private func acceptLoop() {
    defer { close(listener) }
    while stopPipe.waitReadable(listener) {
      guard let (client, _) = WireSocket.accept(listener) else { continue }
      Thread { [self] in serve(client) }.start()
    }
  }

  private func serve(_ client: Int32) {
    defer { close(client) }
    guard let (head, rest) = readHead(client) else { return }
    let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
    let requestLine = lines[0].split(separator: " ").map(String.init)
    guard requestLine.count == 3 else { return }
    let authorization = lines.first { $0.lowercased().hasPrefix("proxy-authorization:") }.map {
      String($0.dropFirst("proxy-authorization:".count)).trimmingCharacters(in: .whitespaces)
    }
    log.withLock { $0.append(Request(method: requestLine[0], target: requestLine[1], authorization: authorization)) }
    if let requiredAuthorization, authorization != requiredAuthorization {
      _ = sendAll(client, Array("HTTP/1.1 407 Proxy Authentication Required\r\nContent-Length: 0\r\n\r\n".utf8))
      return
    }
    if requestLine[0] == "CONNECT" {
      guard let port = requestLine[1].split(separator: ":").last.flatMap({ Int($0) }),
        let server = connectLoopback(port)
      else { return }
      defer { close(server) }
      guard sendAll(client, Array("HTTP/1.1 200 Connection established\r\n\r\n".utf8)) else { return }
      splice(client, server, pending: rest)
    } else {
      guard let url = URL(string: requestLine[1]), let port = url.port, let server = connectLoopback(port) else {
        return
      }
      defer { close(server) }
      var forwarded =
        "\(requestLine[0]) \(url.path.isEmpty ? "/" : url.path)\(url.query.map { "?\($0)" } ?? "") HTTP/1.1"
      for line in lines.dropFirst() where !line.isEmpty && !line.lowercased().hasPrefix("proxy-authorization:") {
        forwarded += "\r\n" + line
      }
      guard sendAll(server, Array((forwarded + "\r\n\r\n").utf8) + rest) else { return }
      splice(client, server, pending: [])
    }
  }

  /// The request head (up to its blank line) and whatever came after it.
  private func readHead(_ fd: Int32) -> ([UInt8], [UInt8])? {
    var buffer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while buffer.count < 64 * 1024 {
      if let end = buffer.firstRange(of: Array("\r\n\r\n".utf8)) {
        return (Array(buffer[..<end.lowerBound]), Array(buffer[end.upperBound...]))
      }
      guard stopPipe.waitReadable(fd) else { return nil }
      let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { return nil }
      buffer += chunk[0..<count]
    }
    return nil
  }

  private func connectLoopback(_ port: Int) -> Int32? {
    try? WireSocket.dial(host: "127.0.0.1", port: port, SocketBounds(deadline: .now + .seconds(10)))
  }

  /// Copies bytes both ways until either side closes or the proxy stops.
  private func splice(_ client: Int32, _ server: Int32, pending: [UInt8]) {
    guard pending.isEmpty || sendAll(server, pending) else { return }
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      var fds = [
        pollfd(fd: client, events: Int16(POLLIN), revents: 0), pollfd(fd: server, events: Int16(POLLIN), revents: 0),
        pollfd(fd: stopPipe.readEnd, events: Int16(POLLIN), revents: 0),
      ]
      guard poll(&fds, 3, -1) > 0, fds[2].revents == 0 else { return }
      for (from, to) in [(0, server), (1, client)] where fds[from].revents != 0 {
        let count = chunk.withUnsafeMutableBytes { recv(fds[from].fd, $0.baseAddress, $0.count, 0) }
        guard count > 0, sendAll(to, Array(chunk[0..<count])) else { return }
      }
    }
  }

  private func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    (try? WireSocket.sendAll(fd, bytes[...], SocketBounds(wake: stopPipe.wakePipe))) != nil
  }
}
