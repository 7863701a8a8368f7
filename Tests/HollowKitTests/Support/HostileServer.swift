import Dispatch
import Foundation
import HollowWire
import LoopbackTesting
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A raw-socket HTTP server on loopback that misbehaves on purpose: redirects anywhere, floods,
/// trickles, stalls, garbles and hangs up, as `behavior` decides per request. It records every
/// request it read (with its headers), so tests can check what reached which origin.
///
/// With a ``TestCertificates/Identity`` it speaks https (``ServerStream``): the same behaviours, inside TLS,
/// with one TLS context for all its connections, so a client can resume a session (counted in ``resumed``).
///
/// It reads any request line a proxy would (``HeadScanner/StartLine/proxyRequest``), so that it can play
/// a hostile proxy answering `CONNECT` too.
///
/// With `keepAlive`, a connection reads its next request after each whole answer (`.json`, `.raw`,
/// `.redirect`), whatever the answer says, so a test sees which requests a client sent on which
/// connection (``RecordedRequest/connection``); ``HostileBehavior/hangUp`` then closes it unanswered.
///
/// Each connection has its own thread; every wait polls a stop pipe too, so ``stop()`` ends them all
/// at once. Pacing a trickle waits on that pipe with a timeout: behaviour of the server, not
/// synchronisation of the test.
///
/// ```swift
/// let server = try HostileServer { _ in .flood(contentLength: 2_000_000_000) }
/// defer { server.stop() }
/// let url = server.url("/v3/contents/post/list")
/// ```
final class HostileServer: Sendable {
  typealias Behavior = @Sendable (RecordedRequest) -> HostileBehavior

  let port: Int
  /// `https` when the server speaks TLS, else `http`.
  let scheme: String
  private let identity: TestCertificates.Identity?
  private let keepAlive: Bool
  /// The TLS context every connection shares (nil for http).
  private let tlsContext: ServerStream.Context?
  private let resumedCount = Atomic<Int>(0)
  private let stopPipe: StopPipe
  private let behavior: Behavior
  private let log = Mutex<[RecordedRequest]>([])
  /// Tests waiting in ``waitUntilRequests(_:)``, woken as requests arrive.
  private let watchers = Mutex<[(condition: @Sendable ([RecordedRequest]) -> Bool, arrived: DispatchSemaphore)]>([])
  private let acceptedCount = Atomic<Int>(0)

  /// With `tls`, every connection is TLS with that certificate (a handshake the client refuses ends it).
  init(tls: TestCertificates.Identity? = nil, keepAlive: Bool = false, _ behavior: @escaping Behavior) throws {
    self.behavior = behavior
    identity = tls
    self.keepAlive = keepAlive
    tlsContext = tls.flatMap(ServerStream.Context.init)
    scheme = tls == nil ? "http" : "https"
    stopPipe = try StopPipe()
    let socket = try LoopbackListener(backlog: 64)
    port = Int(socket.port)
    try socket.acceptEach(until: stopPipe.wakePipe) { [self] connection, number in
      acceptedCount.add(1, ordering: .acquiringAndReleasing)
      serve(connection, number: number)
    }
  }

  /// `http://127.0.0.1:<port><path>` (`https` with TLS), or with another host name for the same server.
  func url(_ path: String, host: String = "127.0.0.1") -> URL {
    URL(string: "\(scheme)://\(host):\(port)\(path)")!
  }

  /// Connections accepted so far (before any TLS handshake).
  var accepted: Int {
    acceptedCount.load(ordering: .acquiring)
  }

  /// TLS handshakes that resumed a session.
  var resumed: Int {
    resumedCount.load(ordering: .acquiring)
  }

  /// Every request read so far, oldest first.
  var requests: [RecordedRequest] {
    log.withLock { $0 }
  }

  /// Blocks until the requests read so far satisfy `condition` (checked now and at every arrival), or
  /// 10 s pass (a safety net: the suite's time limit is the real bound); `true` when it held.
  @discardableResult
  func waitUntilRequests(_ condition: @escaping @Sendable ([RecordedRequest]) -> Bool) -> Bool {
    let arrived = DispatchSemaphore(value: 0)
    let holds = watchers.withLock { watchers in
      if condition(requests) { return true }
      watchers.append((condition, arrived))
      return false
    }
    return holds || arrived.wait(timeout: .now() + .seconds(10)) == .success
  }

  /// Closes the listener and ends every connection.
  func stop() {
    stopPipe.stop()
  }

  deinit {
    stopPipe.stop()
  }

  private func serve(_ fd: Int32, number: Int) {
    var closeWithReset = false
    defer {
      if closeWithReset { WireSocket.closeWithReset(fd) } else { close(fd) }
    }
    #if canImport(Darwin)
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
    #endif
    guard let stream = ServerStream(fd: fd, identity: identity, context: tlsContext) else { return }
    if stream.isResumed { resumedCount.add(1, ordering: .releasing) }
    var buffer: [UInt8] = []
    while var request = readRequest(stream, buffer: &buffer) {
      request.connection = number
      let all = log.withLock { log in
        log.append(request)
        return log
      }
      watchers.withLock { watchers in
        watchers.removeAll { watcher in
          guard watcher.condition(all) else { return false }
          watcher.arrived.signal()
          return true
        }
      }
      guard answer(request, over: stream, closeWithReset: &closeWithReset), keepAlive else { return }
    }
  }

  /// Answers `request` as the behaviour says; `true` when the answer is whole and the connection may go on.
  private func answer(_ request: RecordedRequest, over stream: ServerStream, closeWithReset: inout Bool) -> Bool {
    let fd = stream.fd
    let write = { (bytes: [UInt8]) in self.write(stream, bytes) }
    switch behavior(request) {
    case .raw(let bytes):
      return write(bytes)
    case .json(let body):
      let fields = [("Content-Type", "application/json"), ("Content-Length", String(body.utf8.count))]
      guard let head = try? HTTPHeadWriter.response(status: 200, reason: "OK", fields: fields) else { return false }
      return write(head + Array(body.utf8))
    case .redirect(let status, let location):
      let fields = [("Location", location), ("Content-Length", "0")]
      guard let head = try? HTTPHeadWriter.response(status: status, reason: "Moved", fields: fields) else {
        return false
      }
      return write(head)
    case .closeAfter(let bytes):
      _ = write(bytes)
      return false
    case .hangUp:
      return false
    case .flood(let length):
      let head =
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n" + (length.map { "Content-Length: \($0)\r\n" } ?? "")
        + "\r\n"
      guard write(Array(head.utf8)) else { return false }
      let zeros = [UInt8](repeating: 0x30, count: 64 * 1024)
      while !stopPipe.isStopped, write(zeros) {}
    case .endlessChunks:
      let head = try? HTTPHeadWriter.response(status: 200, reason: "OK", fields: [("Transfer-Encoding", "chunked")])
      guard let head, write(head) else { return false }
      let chunk = ChunkedWriter.chunk([UInt8](repeating: 0x30, count: 0x10000))
      while !stopPipe.isStopped, write(chunk) {}
    case .trickle(let length, let interval):
      guard write(Array("HTTP/1.1 200 OK\r\nContent-Length: \(length)\r\n\r\n".utf8)) else { return false }
      for _ in 0..<length {
        guard !stopPipe.wait(interval), write([0x30]) else { return false }
      }
    case .silence:
      // Until the client hangs up (the socket turns readable at EOF) or the server stops.
      _ = stopPipe.waitReadable(fd)
    case .reset(let bytes):
      _ = write(bytes)
      closeWithReset = true
    case .cutMidRecord(let head):
      // Under the TLS layer: the header of an application-data record announcing 64 bytes, then 3 of them.
      guard write(Array(head.utf8)) else { return false }
      let fragment: [UInt8] = [0x17, 0x03, 0x03, 0x00, 0x40, 1, 2, 3]
      WireSocket.sendWithoutWaiting(fd, fragment[...])
    }
    return false
  }

  /// The request head (and body, by Content-Length), or nil when the client went away.
  private func readRequest(_ stream: ServerStream, buffer: inout [UInt8]) -> RecordedRequest? {
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)
    let more = { (buffer: inout [UInt8]) -> Bool in
      guard stream.hasBufferedBytes || self.stopPipe.waitReadable(stream.fd) else { return false }
      let count = stream.read(into: &chunk)
      guard count > 0 else { return false }
      buffer += chunk[0..<count]
      return true
    }
    let outcome = HeadReader.read(
      into: &buffer, .proxyRequest, maxHeaderBytes: MessageHead.maximumBytes, more: more)
    guard case .head(let length) = outcome, let head = MessageHead(request: buffer[..<length]) else { return nil }
    while buffer.count - length < head.contentLength {
      guard more(&buffer) else { return nil }
    }
    buffer.removeFirst(min(buffer.count, length + head.contentLength))
    return RecordedRequest(method: head.method, target: head.target, headers: head.headers)
  }

  /// Writes all of `bytes`, waiting for room; false when the client went away or the server stopped.
  private func write(_ stream: ServerStream, _ bytes: [UInt8]) -> Bool {
    var sent = 0
    while sent < bytes.count {
      guard stopPipe.waitWritable(stream.fd) else { return false }
      let count = stream.write(bytes[sent...])
      guard count > 0 else { return false }
      sent += count
    }
    return true
  }
}
