import Dispatch
import HollowWire
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The ``HTTPTransport`` on a POSIX socket, for `http://` and (with OpenSSL, on Linux) `https://`:
/// keep-alive connections from a ``ConnectionPool`` (one per origin and proxy, bounded by the per-host
/// budget), each exchange run on a thread of its own that waits in `poll`, through the proxy
/// ``ProxySettings`` names, if any.
///
/// It exists because FoundationNetworking spins while it waits for a server (its write readiness
/// source stays armed after the request is sent: ~80% of a core per stalled request). Here a wait is
/// a `poll` bounded by the idle timeout and the deadline, so a server that trickles costs nothing,
/// and cancellation or the deadline wakes the thread through a ``WakePipe`` at once. The body is
/// read into memory only up to the request's limit; a redirect's body is not read at all (so that
/// connection is not kept). TLS runs over the same connection (``TLSStream``), so https waits the same
/// way, and resumes the origin's last session.
///
/// ```swift
/// let transport = SocketTransport(idle: .seconds(30), trust: .system, proxies: .none, connectionsPerOrigin: 16)
/// let response = try await transport.exchange(request, deadline: .now + .seconds(60), total: .seconds(60))
/// ```
final class SocketTransport: HTTPTransport {
  let idle: Duration
  let trust: TLSTrust
  let proxies: ProxySettings
  let pool: ConnectionPool
  /// Made at the first https request (loading OpenSSL and the system's roots takes a while), then shared.
  private let tls = Mutex<Result<TLSContext, TransportFailure>?>(nil)
  /// Whether a thread of ``prepareContext()`` was started (at most one is).
  private let isPreparingContext = Atomic<Bool>(false)

  /// Each exchange's thread mostly waits in `poll`; it needs little stack, with room for OpenSSL's
  /// certificate checks (reserved address space, not memory, until used).
  static let threadStackBytes = 1024 * 1024

  init(
    idle: Duration, trust: TLSTrust = .system, proxies: ProxySettings = .none,
    connectionsPerOrigin: Int = HostLimiter.defaultLimitPerHost,
    keepAlive: Duration = ConnectionPool.defaultIdleTimeout
  ) {
    self.idle = idle
    self.trust = trust
    self.proxies = proxies
    pool = ConnectionPool(limit: connectionsPerOrigin, idleTimeout: keepAlive)
  }

  func exchange(_ request: HTTPClientRequest, deadline: ContinuousClock.Instant, total: Duration)
    async throws(TransportFailure) -> HTTPClientResponse
  {
    let key = try key(for: request.url)
    if key.isSecure { prepareContext() }
    let wake = try SocketConnection.wakePipe()
    let signal = DispatchSemaphore(value: 0)
    let exchange = SocketExchange(
      request: request, bytes: try HTTPRequestEncoder.encode(request, proxy: key.isSecure ? nil : key.proxy),
      key: key, tls: context, pool: pool,
      limits: SocketConnection.Limits(idle: idle, deadline: deadline, total: total), wake: wake, signal: signal)
    let pending = PendingExchange(abandon: {
      wake.wake()
      signal.signal()
    })
    return try await pending.wait(until: deadline, total: total) {
      let started = DetachedThread.start(stackBytes: Self.threadStackBytes) {
        exchange.run { outcome, then in pending.finish(outcome, beforeResuming: then) }
      }
      if !started { pending.finish(.failure(.other("the system refused a thread for the connection"))) }
    }.get()
  }

  /// Opens up to `count` connections to `url`'s origin ahead of need (see ``ConnectionPool/connectEarly(_:count:open:)``),
  /// each bounded by the idle timeout and `total`.
  func connectEarly(to url: URL, count: Int, total: Duration) {
    guard let key = try? key(for: url) else { return }
    if key.isSecure { prepareContext() }
    let idle = idle
    pool.connectEarly(key, count: count) { [self] session throws(TransportFailure) in
      let limits = SocketConnection.Limits(idle: idle, deadline: .now + total, total: total)
      return try ConnectionOpener.open(
        key, tls: context, session: session, limits: limits, wake: try SocketConnection.wakePipe())
    }
  }

  /// Makes the TLS context on a thread of its own, unless it is made or being made: a run's first https
  /// connections send their SYNs at once and find OpenSSL loaded (libssl, its configuration, the trusted
  /// roots: milliseconds of CPU) when TCP is connected, a round trip later, instead of loading it first.
  func prepareContext() {
    guard tls.withLock({ $0 == nil }),
      isPreparingContext.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged
    else { return }
    let started = DetachedThread.start(stackBytes: Self.threadStackBytes) { [self] in _ = try? context() }
    if !started { isPreparingContext.store(false, ordering: .relaxed) }
  }

  /// The pool entry `url` goes to.
  func key(for url: URL) throws(TransportFailure) -> ConnectionPool.Key {
    let target = try HTTPRequestEncoder.target(of: url)
    return ConnectionPool.Key(
      isSecure: url.scheme?.lowercased() == "https",
      target: HTTPRequestEncoder.Target(host: target.host.lowercased(), port: target.port),
      proxy: try proxies.proxy(for: url))
  }

  /// The shared TLS context, made on first use.
  func context() throws(TransportFailure) -> TLSContext {
    try tls.withLock { context in
      if let context { return context }
      let made = Result { () throws(TransportFailure) in try TLSContext(trust: trust) }
      context = made
      return made
    }.get()
  }
}
