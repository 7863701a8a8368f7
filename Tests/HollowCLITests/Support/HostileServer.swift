import Foundation
import HollowWire
import LoopbackTesting
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback HTTP/1.1 server for tests that answers every request with what `respond` makes of
/// its path (query included): crafted JSON with escapes, extreme numbers, huge texts. Each
/// connection is served on a thread of its own (a client opens connections ahead of need, which a
/// one-at-a-time server would block on) and closed after its answer; the requests' paths are kept.
///
/// ```swift
/// let server = try HostileServer { path in .json(#"{"code":-1,"msg":"\u001b]52;c;aGk=\u0007"}"#) }
/// defer { server.shutdown() }
/// let run = await CLIHarness.run(["--server", server.url, "messages"])
/// ```
final class HostileServer: Sendable {
  /// An HTTP answer.
  struct Answer: Sendable {
    var status = 200
    var body: [UInt8]

    static func json(_ text: String) -> Answer {
      Answer(body: Array(text.utf8))
    }

    static func json(_ object: Any) -> Answer {
      let data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
      return Answer(body: Array(data))
    }
  }

  let port: UInt16
  private let listener: Int32
  private let paths = Mutex<[String]>([])

  var url: String { "http://127.0.0.1:\(port)" }

  /// Every request path (with its query) answered so far.
  var requestPaths: [String] { paths.withLock { $0 } }

  init(_ respond: @escaping @Sendable (_ path: String) -> Answer) throws {
    let socket = try LoopbackListener(backlog: 128)
    let fd = socket.fd
    listener = fd
    port = socket.port
    Thread.detachNewThread { [self] in
      while true {
        guard let (connection, _) = WireSocket.accept(fd) else {
          if errno == EINTR { continue }
          return  // the listener was shut down
        }
        Thread.detachNewThread { [self] in serve(connection, respond: respond) }
      }
    }
  }

  /// Stops accepting; the accept loop ends.
  func shutdown() {
    Glibc.shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
  }

  private func serve(_ connection: Int32, respond: @Sendable (String) -> Answer) {
    defer { close(connection) }
    guard let head = Self.readRequest(connection) else { return }
    let requestLine = head.split(separator: "\r\n").first.map(String.init) ?? ""
    let path = requestLine.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
    paths.withLock { $0.append(path) }
    let answer = respond(path)
    let reason = answer.status == 200 ? "OK" : "Status"
    var response = Array(
      ("HTTP/1.1 \(answer.status) \(reason)\r\nContent-Type: application/json\r\n"
        + "Content-Length: \(answer.body.count)\r\nConnection: close\r\n\r\n").utf8)
    response += answer.body
    _ = try? WireSocket.sendAll(connection, response[...], SocketBounds(deadline: .now + .seconds(30)))
  }

  /// The request head, after reading the body too (answers depend on the path alone, but an
  /// unread body would make closing the connection reset it before the answer is read).
  private static func readRequest(_ connection: Int32) -> String? {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    var head: String?
    var expected = Int.max
    while bytes.count < expected, bytes.count < 8 * 1_048_576 {
      let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return head }
      bytes += chunk[..<count]
      if head == nil, let end = bytes.firstRange(of: Array("\r\n\r\n".utf8)) {
        let text = String(decoding: bytes[..<end.lowerBound], as: UTF8.self)
        head = text
        let length =
          text.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
          .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        expected = end.upperBound + length
      }
    }
    return head
  }
}
