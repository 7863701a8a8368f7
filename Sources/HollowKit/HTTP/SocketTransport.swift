import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The ``HTTPTransport`` on a POSIX socket, for `http://` and (with OpenSSL, on Linux) `https://`:
/// one connection per exchange (`Connection: close`), run on a thread of its own that waits in `poll`,
/// through the proxy ``ProxySettings`` names, if any.
///
/// It exists because FoundationNetworking spins while it waits for a server (its write readiness
/// source stays armed after the request is sent: ~80% of a core per stalled request). Here a wait is
/// a `poll` bounded by the idle timeout and the deadline, so a server that trickles costs nothing,
/// and cancellation or the deadline wakes the thread through a ``WakePipe`` at once. The body is
/// read into memory only up to the request's limit; a redirect's body is not read at all. TLS runs
/// over the same connection (``TLSStream``), so https waits the same way.
///
/// ```swift
/// let transport = SocketTransport(idle: .seconds(30), trust: .system, proxies: .none)
/// let response = try await transport.exchange(request, deadline: .now + .seconds(60), total: .seconds(60))
/// ```
final class SocketTransport: HTTPTransport {
  let idle: Duration
  let trust: TLSTrust
  let proxies: ProxySettings
  /// Made at the first https request (loading the system's roots takes a while), then shared.
  private let tls = Mutex<Result<TLSContext, TransportFailure>?>(nil)

  /// Each exchange's thread mostly waits in `poll`; it needs little stack, with room for OpenSSL's
  /// certificate checks (reserved address space, not memory, until used).
  private static let threadStackBytes = 1024 * 1024

  init(idle: Duration, trust: TLSTrust = .system, proxies: ProxySettings = .none) {
    self.idle = idle
    self.trust = trust
    self.proxies = proxies
  }

  func exchange(_ request: HTTPClientRequest, deadline: ContinuousClock.Instant, total: Duration)
    async throws(TransportFailure) -> HTTPClientResponse
  {
    let isSecure = request.url.scheme?.lowercased() == "https"
    let proxy = try proxies.proxy(for: request.url)
    let exchange = SocketExchange(
      request: request, bytes: try HTTPRequestEncoder.encode(request, proxy: isSecure ? nil : proxy),
      target: try HTTPRequestEncoder.target(of: request.url), proxy: proxy,
      tls: isSecure ? try context() : nil,
      limits: SocketConnection.Limits(idle: idle, deadline: deadline, total: total), wake: try WakePipe())
    let pending = PendingExchange(abandon: { [wake = exchange.wake] in wake.wake() })
    return try await pending.wait(until: deadline, total: total) {
      let started = DetachedThread.start(stackBytes: Self.threadStackBytes) {
        pending.finish(exchange.run())
      }
      if !started { pending.finish(.failure(.other("the system refused a thread for the connection"))) }
    }.get()
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
