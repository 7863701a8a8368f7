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
/// - **Time**: ``HTTPTimeouts/total`` bounds the whole request, redirects included, however slowly the
///   server trickles; ``HTTPTimeouts/idle`` bounds the silence between bytes. Both are timers and
///   `poll` timeouts, so waiting costs no CPU.
/// - **Cancellation**: cancelling the calling task ends ``send(_:)`` at once with
///   ``TransportFailure/cancelled`` and closes the connection.
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
  /// The most connections `URLSession` opens at once to one host (at least 1); Apple platforms only:
  /// ``Transport/sockets`` opens one connection per exchange.
  public let maximumConnectionsPerHost: Int
  public let transport: Transport

  private let sockets: SocketTransport
  #if !canImport(CHollowTLS)
  private let session: URLSessionTransport
  #endif

  /// Well above any sensible ``HostLimiter`` budget, so that the limiter, not the session, decides.
  public static let defaultMaximumConnectionsPerHost = 64

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
  ///   - maximumConnectionsPerHost: below 1 counts as 1; keep it at least the ``HostLimiter`` budget, or
  ///     `URLSession` requests holding a permit wait for a connection.
  ///   - transport: what carries the requests (on Apple platforms, tests run the same cases over both).
  ///   - trust: the certificate authorities https trusts over ``Transport/sockets``.
  ///   - proxies: the proxies ``Transport/sockets`` goes through; by default the process environment's,
  ///     read once, now.
  public init(
    timeouts: HTTPTimeouts = HTTPTimeouts(),
    maximumConnectionsPerHost: Int = NetworkHTTPClient.defaultMaximumConnectionsPerHost,
    transport: Transport = NetworkHTTPClient.defaultTransport,
    trust: TLSTrust = .system,
    proxies: ProxySettings = .fromProcessEnvironment
  ) {
    self.timeouts = timeouts
    self.maximumConnectionsPerHost = max(1, maximumConnectionsPerHost)
    self.transport = transport
    sockets = SocketTransport(idle: timeouts.idle, trust: trust, proxies: proxies)
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
