import Foundation
import HollowWire
import LoopbackTesting
import Signal
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback HTTP/1.1 server that answers the requests `answer` gives an answer for and holds
/// every other one open without a byte of answer, as a frozen backend does, until the client
/// closes the connection. What happened is published in order (``events``), so a test waits for
/// "the request is held" and then for "the client closed it": the proof that cancelling a load
/// really stopped its request.
///
/// ```swift
/// let server = try StallingServer { path in path.contains("page=1") ? .json(page) : nil }
/// defer { server.shutdown() }
/// await server.waitFor { $0.contains(.held("/v3/contents/post/list?page=1")) }
/// ```
final class StallingServer: Sendable {
  enum Event: Sendable, Equatable {
    case answered(String)
    /// A request arrived and gets no answer.
    case held(String)
    /// The client closed the connection of a held request.
    case closed(String)
  }

  let port: UInt16
  private let stop: WakePipe
  private let log = CurrentValueSubject<[Event], Never>([])
  private let recorded = Mutex<[Event]>([])

  var url: String { "http://127.0.0.1:\(port)" }

  /// - Parameter answer: the JSON body for a path (query included), or nil to hold the request.
  init(_ answer: @escaping @Sendable (_ path: String) -> String?) throws {
    let socket = try LoopbackListener(backlog: 64)
    port = socket.port
    stop = try WakePipe()
    try socket.acceptEach(until: stop) { [self] connection, _ in serve(connection, answer: answer) }
  }

  /// Waits until the events so far satisfy `condition`.
  func waitFor(_ condition: @escaping @Sendable ([Event]) -> Bool) async {
    for await events in log.values(buffering: .dropOldest(1)) where condition(events) { return }
  }

  var events: [Event] { recorded.withLock { $0 } }

  /// Stops accepting and wakes every held connection.
  func shutdown() {
    stop.wake()
  }

  private func record(_ event: Event) {
    // Sent under the lock: subscribers see the lists in order.
    recorded.withLock { events in
      events.append(event)
      log.trySend(events)
    }
  }

  private func serve(_ connection: Int32, answer: (String) -> String?) {
    defer { close(connection) }
    var buffer: [UInt8] = []
    // One request head at a time (the client's requests are GETs without a body).
    while case .head(let length)? = try? HeadReader.read(
      connection, into: &buffer, .request, maxHeaderBytes: MessageHead.maximumBytes, SocketBounds(wake: stop)),
      let head = MessageHead(request: buffer[..<length])
    {
      buffer.removeSubrange(..<length)
      let path = head.target
      guard let body = answer(path) else {
        record(.held(path))
        // Nothing is answered: wait for the client to close (the end of the stream) or the shutdown.
        while let count = try? WireSocket.receive(connection, appendingTo: &buffer, SocketBounds(wake: stop)), count > 0
        {
          buffer.removeAll()
        }
        record(.closed(path))
        return
      }
      let fields = [("Content-Type", "application/json"), ("Content-Length", String(body.utf8.count))]
      guard let response = try? HTTPHeadWriter.response(status: 200, reason: "OK", fields: fields),
        (try? WireSocket.sendAll(
          connection, (response + Array(body.utf8))[...], SocketBounds(deadline: .now + .seconds(30)))) != nil
      else { return }
      record(.answered(path))
    }
  }
}
