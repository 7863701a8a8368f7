import Dispatch
import HollowKit
import HollowWire
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An embedded tree-hole v3 backend over HTTP/1.1 on POSIX sockets, serving a deterministic demo
/// data set (posts, comments, votes, PNG images) by the rules of the real backend (its codes, messages,
/// paging, search and rate limits), with optional latency, failures, auth and anonymous reading.
///
/// One thread accepts connections (polling the listener and a wake-up pipe); each admitted
/// connection gets its own thread with deadlines on every wait, so a slow or silent client holds
/// only its own thread and only until a timeout. A full server makes room for a newcomer by closing
/// the connection that has waited longest for its client (of the same address first), so slowloris
/// clients and held keep-alive connections cannot lock good clients out; see ``ServerLimits``.
/// Refused and rejected connections get their answer and are drained before they close, on a thread
/// of their own. ``shutdown()`` closes the listener, wakes every connection and joins all threads.
///
/// ```swift
/// let server = HollowServer(configuration: ServerConfiguration(seed: 42, token: "t"))
/// let port = try server.start()
/// // GET http://127.0.0.1:\(port)/v3/contents/post/list?page=1 with header TOKEN: t
/// server.shutdown()
/// ```
public final class HollowServer: Sendable {
  public let configuration: ServerConfiguration
  private let context: ServerContext
  let connections: ConnectionRegistry
  private let acceptor = DispatchGroup()
  private let state = Mutex(Phase.idle)

  private enum Phase {
    case idle
    case running(listener: Int32, wake: WakePipe, port: Int, drainer: Drainer)
    case stopped
  }

  public init(configuration: ServerConfiguration = ServerConfiguration()) {
    self.configuration = configuration
    context = ServerContext(configuration: configuration)
    connections = ConnectionRegistry(
      limit: configuration.limits.maxConnections, limitPerPeer: configuration.limits.maxConnectionsPerPeer)
  }

  deinit {
    shutdown()
  }

  /// Binds, starts accepting and returns the bound port (the real one when the configuration asks for 0).
  @discardableResult
  public func start() throws(ServerError) -> Int {
    try state.withLock { (phase: inout Phase) throws(ServerError) -> Int in
      guard case .idle = phase else { throw ServerError(operation: "start (already started)", code: EINVAL) }
      let backlog = Int32(clamping: max(128, configuration.limits.maxConnections))
      let listener: Int32
      let port: UInt16
      let wake: WakePipe
      do throws(SocketFailure) {
        (listener, port) = try WireSocket.listen(host: configuration.host, port: configuration.port, backlog: backlog)
        do throws(SocketFailure) {
          wake = try WakePipe()
        } catch {
          close(listener)
          throw error
        }
      } catch {
        throw ServerError(error)
      }
      let drainer: Drainer
      do throws(ServerError) {
        drainer = try Drainer(linger: configuration.limits.lingerTimeout)
      } catch {
        close(listener)
        throw error
      }
      phase = .running(listener: listener, wake: wake, port: Int(port), drainer: drainer)
      acceptor.enter()
      let services = Services(context: context, connections: connections, drainer: drainer)
      let acceptor = acceptor
      let started = DetachedThread.start(stackBytes: 256 * 1024) {
        Self.acceptLoop(listener: listener, wake: wake, services: services)
        acceptor.leave()
      }
      guard started else {
        acceptor.leave()
        phase = .stopped
        close(listener)
        drainer.stop()
        throw ServerError(operation: "start (no thread for the listener)", code: EAGAIN)
      }
      return Int(port)
    }
  }

  /// Stops accepting, closes every connection and waits for all server threads to end. Idempotent.
  public func shutdown() {
    let previous = state.withLock { phase in
      defer { phase = .stopped }
      return phase
    }
    guard case .running(let listener, let wake, _, let drainer) = previous else { return }
    context.shutdownLatch.fire()
    wake.wake()
    acceptor.wait()
    close(listener)
    connections.closeAll()
    drainer.stop()
  }

  /// The bound port while running.
  public var port: Int? {
    state.withLock { phase in
      if case .running(_, _, let port, _) = phase { return port }
      return nil
    }
  }

  /// `http://<host>:<port>` while running; the API lives under `/v3`.
  public var baseURL: URL? {
    port.flatMap { URL(string: "http://\(configuration.host):\($0)") }
  }

  /// Where images are served: `<baseURL>/images`, so an image is `<imageBaseURL>/<post.url>`.
  public var imageBaseURL: URL? {
    baseURL?.appendingPathComponent("images")
  }

  /// The latest requests parsed (up to ``ServerConfiguration/requestLogCapacity``), in arrival order (no
  /// headers, so no tokens).
  public var requests: [LoggedRequest] {
    context.log.all
  }

  /// Returns once `condition` holds on ``requests``, checked now and after every request parsed: for
  /// tests that wait for a client's request to arrive.
  ///
  /// ```swift
  /// await server.waitForRequests { $0.count == 1 }
  /// ```
  public func waitForRequests(until condition: @escaping @Sendable ([LoggedRequest]) -> Bool) async {
    await context.log.wait(until: condition)
  }

  /// Every request parsed so far, including those the log no longer holds.
  public var totalRequestCount: Int {
    context.log.total
  }

  /// How many requests for `path` (e.g. "/v3/contents/post/detail") arrived.
  public func requestCount(path: String) -> Int {
    context.log.count(path: path)
  }

  /// Connections accepted and served so far (not those refused with a 503): a keep-alive client's
  /// requests share a few.
  public var acceptedConnectionCount: Int {
    connections.census.admissions
  }

  /// Blocks until `condition` holds for ``openConnectionCount`` (checked at every change), or `timeout`
  /// passes; `true` when it held. For tests that wait for the server to close connections.
  package func waitForOpenConnections(until condition: @escaping @Sendable (Int) -> Bool, timeout: Duration) -> Bool {
    connections.wait(until: { condition($0.open) }, timeout: timeout)
  }

  /// Connections open right now (not counting evicted ones whose threads are still ending).
  public var openConnectionCount: Int {
    connections.openCount
  }

  /// What keeping the demo state reported, as sentences for the user: a state file that could not be read
  /// (set aside, the demo started over), a folder that cannot be used (writes then last only while the server
  /// runs). Empty when all is well.
  public var stateNotices: [String] {
    context.router.store.notices
  }

  /// Whether the demo's writes are kept in ``ServerConfiguration/stateFolder`` (false without one, or when
  /// it cannot be used: then they last while the server runs).
  public var keepsState: Bool {
    context.router.store.keepsState
  }

  /// Bytes of the body budget (``ServerLimits/maxBufferedBodyBytes``) not reserved by a request now.
  var remainingBodyBudget: Int {
    context.bodyBudget.remaining
  }

  /// What the threads of a running server share.
  private struct Services: Sendable {
    var context: ServerContext
    var connections: ConnectionRegistry
    var drainer: Drainer
  }

  private static func acceptLoop(listener: Int32, wake: WakePipe, services: Services) {
    while true {
      do throws(SocketFailure) {
        try WireSocket.wait(listener, for: Int16(POLLIN), SocketBounds(wake: wake))
      } catch {
        return
      }
      while let (fd, peer) = WireSocket.accept(listener) {
        // Connections use blocking I/O with poll deadlines; BSDs would inherit the listener's O_NONBLOCK.
        _ = fcntl(fd, F_SETFL, 0)
        admit(fd, peer: peer, services: services)
      }
      if errno == EMFILE || errno == ENFILE {
        // Out of descriptors: the pending connection stays readable, so back off instead of spinning.
        do throws(SocketFailure) {
          _ = try WireSocket.wait(
            anyOf: [], for: Int16(POLLIN), SocketBounds(deadline: .now + .milliseconds(100), wake: wake))
        } catch .deadlinePassed {
          continue
        } catch {
          return
        }
      }
    }
  }

  private static let busyAnswer: [UInt8] = {
    let busy = HTTPResponse.apiError(-1, "too many connections, try again", status: 503)
    return busy.head(contentLength: busy.body.count, keepAlive: false) + busy.body
  }()

  private static func admit(_ fd: Int32, peer: UInt32, services: Services) {
    let connections = services.connections
    guard connections.admit(fd, peer: peer) else {
      // Every connection is busy answering: say so, then drain, so the answer is not lost to a reset.
      services.drainer.finish(fd, answer: busyAnswer)
      return
    }
    let started = DetachedThread.start(stackBytes: 1 << 20) {
      switch Connection(fd: fd, context: services.context, registry: connections).serve() {
      case .close:
        connections.release(fd)
      case .drain:
        if connections.detach(fd) { services.drainer.adopt(fd) }
      }
    }
    if !started, connections.detach(fd) {
      // No thread to answer on: the client hears that the server is busy, as when every slot is taken.
      services.drainer.finish(fd, answer: busyAnswer)
    }
  }
}
