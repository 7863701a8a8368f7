import Foundation
import HollowKit
import HollowServer
import HollowWire
import LoopbackTesting

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
    do throws(SocketFailure) {
      fd = try WireSocket.dial(host: "127.0.0.1", port: port, from: source, SocketBounds(deadline: .now + .seconds(10)))
    } catch {
      throw TestClientError(description: "connect from \(source) failed: \(error)")
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
    let bounds = SocketBounds(deadline: .now + timeout)
    let outcome: HeadReader.Outcome
    do throws(SocketFailure) {
      outcome = try HeadReader.read(fd, into: &buffer, .response, maxHeaderBytes: MessageHead.maximumBytes, bounds)
    } catch {
      throw TestClientError(description: "no answer: \(error)")
    }
    guard case .head(let end) = outcome, let head = MessageHead(response: buffer[..<end]) else {
      throw TestClientError(
        description: "bad answer head (\(outcome)): \(String(decoding: buffer.prefix(200), as: UTF8.self))")
    }
    let length = head.contentLength
    while buffer.count < end + length { try fill(bounds) }
    let body = Array(buffer[end..<(end + length)])
    buffer.removeFirst(end + length)
    return TestResponse(status: head.status, headers: head.headers, body: body)
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
    let bounds = SocketBounds(deadline: .now + timeout)
    while true {
      do {
        try fill(bounds)
      } catch let error as TestClientError where error.description == "closed" || error.description == "reset" {
        defer { buffer.removeAll() }
        return (buffer, error.description == "closed" ? .closed : .reset)
      } catch {
        return (buffer, .timedOut)
      }
    }
  }

  private func fill(_ bounds: SocketBounds) throws {
    let count: Int
    do throws(SocketFailure) {
      count = try WireSocket.receive(fd, appendingTo: &buffer, upTo: 64 * 1024, bounds)
    } catch .connectionLost {
      throw TestClientError(description: "reset")
    } catch {
      throw TestClientError(description: "timed out")
    }
    guard count > 0 else { throw TestClientError(description: "closed") }
  }

  /// Closes with a reset (SO_LINGER 0), like a client that crashes mid-transfer.
  func abort() {
    WireSocket.closeWithReset(fd)
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
