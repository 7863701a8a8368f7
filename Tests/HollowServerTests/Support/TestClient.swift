import Foundation
import HollowKit
import HollowServer
import HollowWire

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct TestClientError: Error, CustomStringConvertible {
  var description: String
}

/// A parsed HTTP answer.
struct TestResponse {
  var status: Int
  var headers: [String: String]
  var body: [UInt8]

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try WireFormat.decode(T.self, from: Data(body))
  }

  var text: String { String(decoding: body, as: UTF8.self) }
}

/// A raw HTTP/1.1 client on one blocking loopback socket, with a deadline on every read, so tests
/// can send exactly the bytes they want (garbage, half heads, huge bodies) and see what comes back.
final class TestClient {
  let fd: Int32
  private var buffer: [UInt8] = []
  var token: String?

  /// Connects to the server on `port` from `source` (any loopback address: 127.0.0.2 is another peer).
  init(port: Int, token: String? = nil, from source: String = "127.0.0.1") throws {
    self.token = token
    fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw TestClientError(description: "socket failed") }
    var local = sockaddr_in()
    local.sin_family = sa_family_t(AF_INET)
    local.sin_addr.s_addr = inet_addr(source)
    let bound = withUnsafePointer(to: &local) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0 else {
      close(fd)
      throw TestClientError(description: "bind to \(source) failed: errno \(errno)")
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else {
      close(fd)
      throw TestClientError(description: "connect failed: errno \(errno)")
    }
  }

  private var isClosed = false

  deinit {
    if !isClosed { close(fd) }
  }

  func send(_ bytes: [UInt8]) throws {
    do throws(SocketFailure) {
      try WireSocket.sendAll(fd, bytes[...], SocketBounds(deadline: .now + .seconds(30)))
    } catch {
      throw TestClientError(description: "send failed: \(error)")
    }
  }

  func send(_ text: String) throws {
    try send(Array(text.utf8))
  }

  func sendRequest(_ method: String, _ target: String, body: [UInt8] = [], extraHeaders: [String] = []) throws {
    var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    if let token { head += "TOKEN: \(token)\r\n" }
    for header in extraHeaders { head += header + "\r\n" }
    if method == "POST" {
      head += "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.count)\r\n"
    }
    try send(Array((head + "\r\n").utf8) + body)
  }

  func get(_ target: String) throws -> TestResponse {
    try sendRequest("GET", target)
    return try readResponse()
  }

  func post(_ path: String, form: [(String, String)]) throws -> TestResponse {
    let body = form.map { "\(Self.escape($0.0))=\(Self.escape($0.1))" }.joined(separator: "&")
    try sendRequest("POST", path, body: Array(body.utf8))
    return try readResponse()
  }

  static func escape(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
  }

  /// Reads one answer (head and Content-Length body) within `timeout`.
  func readResponse(timeout: Duration = .seconds(10)) throws -> TestResponse {
    let deadline = ContinuousClock.now + timeout
    let separator: [UInt8] = Array("\r\n\r\n".utf8)
    var headEnd: Int?
    while headEnd == nil {
      headEnd = buffer.indices.dropLast(3).first { buffer[$0..<($0 + 4)].elementsEqual(separator) }
      if headEnd == nil { try fill(until: deadline) }
    }
    let end = headEnd ?? 0
    let lines = String(decoding: buffer[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
    let statusParts = lines[0].split(separator: " ")
    guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
      throw TestClientError(description: "bad status line \(lines[0])")
    }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      let parts = line.split(separator: ":", maxSplits: 1)
      if parts.count == 2 { headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces) }
    }
    let length = Int(headers["content-length"] ?? "0") ?? 0
    while buffer.count < end + 4 + length { try fill(until: deadline) }
    let body = Array(buffer[(end + 4)..<(end + 4 + length)])
    buffer.removeFirst(end + 4 + length)
    return TestResponse(status: status, headers: headers, body: body)
  }

  /// Reads until the server closes; `closed` is false when the deadline passed first.
  func readUntilClosed(timeout: Duration = .seconds(10)) -> (bytes: [UInt8], closed: Bool) {
    let (bytes, ending) = readUntilEnd(timeout: timeout)
    return (bytes, ending != .timedOut)
  }

  /// How a connection ended for the client.
  enum Ending: Equatable {
    /// An orderly close (FIN): every byte the server sent arrived.
    case closed
    /// A reset (RST), which may have destroyed bytes the server sent.
    case reset
    case timedOut
  }

  /// Reads until the server closes or resets the connection, or `timeout` passes.
  func readUntilEnd(timeout: Duration = .seconds(10)) -> (bytes: [UInt8], ending: Ending) {
    let deadline = ContinuousClock.now + timeout
    while true {
      do {
        try fill(until: deadline)
      } catch let error as TestClientError where error.description == "closed" || error.description == "reset" {
        defer { buffer.removeAll() }
        return (buffer, error.description == "closed" ? .closed : .reset)
      } catch {
        return (buffer, .timedOut)
      }
    }
  }

  private func fill(until deadline: ContinuousClock.Instant) throws {
    guard (try? WireSocket.wait(fd, for: Int16(POLLIN), SocketBounds(deadline: deadline))) != nil else {
      throw TestClientError(description: "timed out")
    }
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
    if count < 0, errno == ECONNRESET { throw TestClientError(description: "reset") }
    guard count > 0 else { throw TestClientError(description: "closed") }
    buffer += chunk[0..<count]
  }

  /// Closes with a reset (SO_LINGER 0), like a client that crashes mid-transfer.
  func abort() {
    var option = linger(l_onoff: 1, l_linger: 0)
    setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    close(fd)
    isClosed = true
  }
}

/// Starts a server for one test and always shuts it down.
func withServer<T>(
  _ configuration: ServerConfiguration = ServerConfiguration(), _ body: (HollowServer, Int) throws -> T
) throws -> T {
  let server = HollowServer(configuration: configuration)
  let port = try server.start()
  defer { server.shutdown() }
  return try body(server, port)
}
