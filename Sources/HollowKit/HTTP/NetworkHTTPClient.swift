#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The real ``HTTPClient``: checks each request, gives it a total deadline, follows only the
/// redirects ``RedirectPolicy`` allows, and carries it over our own socket transport (on Linux) or
/// `URLSession`.
///
/// - **Redirects**: a transport never follows one; this client decides. The token never goes to
///   another scheme, host or port, and a POST is never re-sent: the refusal is
///   ``TransportFailure/redirectRefused(_:)``, a sentence saying where the server pointed.
/// - **Size**: every answer is read as it streams in and cut off at the request's
///   ``HTTPClientRequest/maximumResponseBytes`` (a `Content-Length` over it is refused before any
///   body is read), so a 2 GB or endless answer costs at most the limit in memory.
/// - **Compression** (``Transport/sockets``): requests say `Accept-Encoding: gzip` and a gzip answer
///   (from a reverse proxy such as nginx in front of the backend) is inflated, the limit above holding
///   for the inflated bytes too; a corrupt stream or another coding is
///   ``TransportFailure/malformedResponse(_:)``. `URLSession` decodes what it asked for itself.
/// - **Time**: ``HTTPTimeouts/total`` bounds the whole request, redirects included, however slowly the
///   server trickles; ``HTTPTimeouts/idle`` bounds the silence between bytes. Both are timers and
///   `poll` timeouts, so waiting costs no CPU.
/// - **Cancellation**: cancelling the calling task ends ``send(_:)`` at once with
///   ``TransportFailure/cancelled`` and closes the connection.
/// - **Connections** (``Transport/sockets``): kept open and reused by the next requests to the same
///   origin (scheme, host, port and proxy), at most ``maximumConnectionsPerHost`` of them, each closed
///   after ``keepAlive`` unused. One that failed, timed out or was not read to the end is never reused,
///   nor one whose server said `Connection: close`. A GET that fails on a reused connection before any
///   byte of its answer came is sent once more on a new one; a POST always goes on a new connection and
///   is never sent twice. Every limit above holds per request. https resumes the origin's last TLS
///   session. ``connectEarly(to:connections:)`` opens connections before the requests that need them.
///
/// On Linux both http and https go over ``Transport/sockets`` (https with the system's OpenSSL,
/// verifying the server against ``TLSTrust``), through the proxies ``ProxySettings`` reads from the
/// environment, because FoundationNetworking keeps a core busy while it waits for a server and
/// buffers redirect bodies. On Apple platforms `URLSession` carries both, with the system's trust and
/// proxy settings.
///
/// ```swift
/// let http = NetworkHTTPClient(timeouts: HTTPTimeouts(idle: .seconds(10), total: .seconds(30)))
/// let response = try await http.send(HTTPClientRequest(method: .get, url: url))
/// ```
public final class NetworkHTTPClient: HTTPClient {
  /// What carries the requests.
  public enum Transport: Sendable, Equatable {
    /// Our own HTTP/1.1 over a POSIX socket, waiting in `poll`; https with OpenSSL, so only where
    /// it is linked (Linux): elsewhere https still goes over `URLSession`.
    case sockets
    #if !canImport(CHollowTLS)
    /// `URLSession`: Apple platforms only. (On Linux, FoundationNetworking spins while it waits
    /// and would add libcurl's libraries to every start, so it is not linked at all.)
    case urlSession
    #endif
  }

  public let timeouts: HTTPTimeouts
  /// The most connections open at once to one origin (at least 1): the pool's bound over
  /// ``Transport/sockets``, the session's over `URLSession`. Keep it the ``HostLimiter`` budget.
  public let maximumConnectionsPerHost: Int
  /// How long an unused connection stays open for the next request (``Transport/sockets``).
  public let keepAlive: Duration
  public let transport: Transport

  private let sockets: SocketTransport
  #if !canImport(CHollowTLS)
  private let session: URLSessionTransport
  #endif

  /// The ``HostLimiter``'s default budget per host, so that the requests it lets run at once never wait
  /// for a connection, and the connections never outnumber them.
  public static let defaultMaximumConnectionsPerHost = HostLimiter.defaultLimitPerHost

  /// ``Transport/sockets`` on Linux, where it carries https too; `URLSession` on Apple platforms.
  public static var defaultTransport: Transport {
    #if canImport(CHollowTLS)
    .sockets
    #else
    .urlSession
    #endif
  }

  /// - Parameters:
  ///   - timeouts: the longest wait for the next bytes, and for a whole exchange.
  ///   - maximumConnectionsPerHost: below 1 counts as 1; keep it the ``HostLimiter`` budget: below it,
  ///     requests holding a permit wait for a connection; above, early connections may outnumber them.
  ///   - keepAlive: how long an unused connection stays open (``Transport/sockets``; zero closes each
  ///     connection after its exchange).
  ///   - transport: what carries the requests (on Apple platforms, tests run the same cases over both).
  ///   - trust: the certificate authorities https trusts over ``Transport/sockets``.
  ///   - proxies: the proxies ``Transport/sockets`` goes through; by default the process environment's,
  ///     read once, now.
  public init(
    timeouts: HTTPTimeouts = HTTPTimeouts(),
    maximumConnectionsPerHost: Int = NetworkHTTPClient.defaultMaximumConnectionsPerHost,
    keepAlive: Duration = .seconds(20),
    transport: Transport = NetworkHTTPClient.defaultTransport,
    trust: TLSTrust = .system,
    proxies: ProxySettings = .fromProcessEnvironment
  ) {
    self.timeouts = timeouts
    self.maximumConnectionsPerHost = max(1, maximumConnectionsPerHost)
    self.keepAlive = keepAlive
    self.transport = transport
    sockets = SocketTransport(
      idle: timeouts.idle, trust: trust, proxies: proxies, connectionsPerOrigin: self.maximumConnectionsPerHost,
      keepAlive: keepAlive)
    #if !canImport(CHollowTLS)
    session = URLSessionTransport(idle: timeouts.idle, maximumConnectionsPerHost: self.maximumConnectionsPerHost)
    #endif
  }

  public func send(_ request: HTTPClientRequest) async throws(TransportFailure) -> HTTPClientResponse {
    let deadline = ContinuousClock.now + timeouts.total
    var current = request
    var redirects = 0
    while true {
      if Task.isCancelled { throw .cancelled }
      try HTTPRequestEncoder.validateHeaders(of: current)
      let response = try await transport(for: current.url).exchange(current, deadline: deadline, total: timeouts.total)
      switch RedirectPolicy.decision(for: current, response: response, redirects: redirects) {
      case .deliver: return response
      case .follow(let url):
        current.url = url
        redirects += 1
      case .refuse(let refusal): throw .redirectRefused(refusal)
      }
    }
  }

  /// Opens connections (TCP, and TLS for https) to `url`'s origin ahead of need, on threads of their own,
  /// until `connections` of them (at most ``maximumConnectionsPerHost``) are open or opening: the next
  /// requests to that origin then skip the handshakes. A request that finds none free while these are
  /// still opening waits for one of them rather than opening another. Failures are dropped (a request
  /// that needs a connection later opens its own and reports why). Returns at once; over `URLSession`
  /// it does nothing.
  ///
  /// ```swift
  /// http.connectEarly(to: apiRoot, connections: limiter.limitPerHost)  // while page 1 is in flight
  /// ```
  public func connectEarly(to url: URL, connections: Int) {
    guard (try? transport(for: url)) as? SocketTransport != nil else { return }
    sockets.connectEarly(to: url, count: connections, total: timeouts.total)
  }

  /// What the connection pool has done so far (``Transport/sockets``), once no connection is being
  /// opened early any more (waiting at most 10 s for those).
  var connectionStatistics: ConnectionPool.Statistics {
    _ = sockets.pool.waitForEarlyConnections(timeout: .seconds(10))
    return sockets.pool.statistics
  }

  private func transport(for url: URL) throws(TransportFailure) -> any HTTPTransport {
    #if canImport(CHollowTLS)
    switch url.scheme?.lowercased() {
    case "http", "https": sockets
    case let scheme: throw .unsupportedURL(scheme: scheme ?? "")
    }
    #else
    switch url.scheme?.lowercased() {
    case "http": transport == .sockets ? sockets : session
    case "https": session
    case let scheme: throw .unsupportedURL(scheme: scheme ?? "")
    }
    #endif
  }
}
