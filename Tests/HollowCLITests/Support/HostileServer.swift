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
  private let stop: WakePipe
  private let paths = Mutex<[String]>([])

  var url: String { "http://127.0.0.1:\(port)" }

  /// Every request path (with its query) answered so far.
  var requestPaths: [String] { paths.withLock { $0 } }

  init(_ respond: @escaping @Sendable (_ path: String) -> Answer) throws {
    let socket = try LoopbackListener(backlog: 128)
    port = socket.port
    stop = try WakePipe()
    try socket.acceptEach(until: stop) { [self] connection, _ in serve(connection, respond: respond) }
  }

  /// Stops accepting and ends every wait of a connection.
  func shutdown() {
    stop.wake()
  }

  private func serve(_ connection: Int32, respond: @Sendable (String) -> Answer) {
    defer { close(connection) }
    guard let path = readRequest(connection) else { return }
    paths.withLock { $0.append(path) }
    let answer = respond(path)
    let reason = answer.status == 200 ? "OK" : "Status"
    let fields = [
      ("Content-Type", "application/json"), ("Content-Length", String(answer.body.count)), ("Connection", "close"),
    ]
    guard let head = try? HTTPHeadWriter.response(status: answer.status, reason: reason, fields: fields) else { return }
    _ = try? WireSocket.sendAll(connection, (head + answer.body)[...], SocketBounds(deadline: .now + .seconds(30)))
  }

  /// The request's target, after reading its body too (answers depend on the path alone, but an unread
  /// body would make closing the connection reset it before the answer is read); nil when no whole
  /// head came.
  private func readRequest(_ connection: Int32) -> String? {
    let bounds = SocketBounds(deadline: .now + .seconds(30), wake: stop)
    var buffer: [UInt8] = []
    let outcome = try? HeadReader.read(
      connection, into: &buffer, .request, maxHeaderBytes: MessageHead.maximumBytes, bounds)
    guard case .head(let length) = outcome, let head = MessageHead(request: buffer[..<length]) else { return nil }
    let expected = length + min(head.contentLength, 8 * 1_048_576)
    while buffer.count < expected {
      guard let count = try? WireSocket.receive(connection, appendingTo: &buffer, bounds), count > 0 else { break }
    }
    return head.target
  }
}
