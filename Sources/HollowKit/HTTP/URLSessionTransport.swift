// Only where the socket transport cannot speak TLS (Apple platforms). On Linux it would link
// FoundationNetworking, libcurl and some 30 libraries into every start of hollow-cli for a path
// that spins while it waits (Docs/Performance.md).
#if !canImport(CHollowTLS)
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// The ``HTTPTransport`` on `URLSession`, with a delegate: every redirect is handed back instead of
/// followed, bodies are collected as they stream in and cut off at the request's limit, and the
/// deadline cancels the data task.
///
/// Cancelling the Swift task cancels the `URLSessionDataTask` at once. `URLSession` allows only 6
/// connections per host unless told otherwise; the loaders' ``HostLimiter`` bounds requests per
/// host, so the session allows `maximumConnectionsPerHost` to stay out of its way.
///
/// On Linux, FoundationNetworking reads a 30x answer's whole body before the delegate hears of the
/// redirect, and polls a connection that waits for the server in a loop (about 80% of a core);
/// ``NetworkHTTPClient`` therefore sends plain http over ``SocketTransport`` there.
///
/// ```swift
/// let transport = URLSessionTransport(idle: .seconds(30), maximumConnectionsPerHost: 64)
/// let response = try await transport.exchange(request, deadline: .now + .seconds(60), total: .seconds(60))
/// ```
final class URLSessionTransport: HTTPTransport {
  private let configuration: URLSessionConfiguration
  private let delegate = ExchangeDelegate()
  /// Made on first use: a client that only speaks plain http over sockets never starts URLSession's threads.
  private let session = Mutex<URLSession?>(nil)

  init(idle: Duration, maximumConnectionsPerHost: Int) {
    configuration = URLSessionConfiguration.ephemeral
    configuration.httpMaximumConnectionsPerHost = maximumConnectionsPerHost
    // FoundationNetworking truncates this to whole seconds (0.5 s would time out at once).
    configuration.timeoutIntervalForRequest = max(1, idle.timeInterval.rounded(.up))
    // Our own deadline ends every exchange; this only keeps URLSession from ending one first.
    configuration.timeoutIntervalForResource = 7 * 24 * 3600
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.urlCache = nil
  }

  deinit {
    // Like cancel(), invalidating waits for the session's work queue, busy for seconds under a flood:
    // never on the thread that drops the client (often one of the few cooperative ones).
    guard let session = session.withLock({ $0 }) else { return }
    DispatchQueue.global().async { session.invalidateAndCancel() }
  }

  private var activeSession: URLSession {
    session.withLock { session in
      if let session { return session }
      let made = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
      session = made
      return made
    }
  }

  func exchange(_ request: HTTPClientRequest, deadline: ContinuousClock.Instant, total: Duration)
    async throws(TransportFailure) -> HTTPClientResponse
  {
    let task = activeSession.dataTask(with: Self.urlRequest(for: request))
    // FoundationNetworking's cancel() waits for its busy work queue (seconds, under a flood): never on
    // the canceller's thread (a cooperative one, or the delegate queue that must keep draining).
    let pending = PendingExchange(abandon: { DispatchQueue.global().async { task.cancel() } })
    delegate.register(ResponseCollector(limit: request.maximumResponseBytes, pending: pending), for: task)
    defer { delegate.unregister(task) }
    return try await pending.wait(until: deadline, total: total) { task.resume() }.get()
  }

  private static func urlRequest(for request: HTTPClientRequest) -> URLRequest {
    var urlRequest = URLRequest(url: request.url)
    urlRequest.httpMethod = request.method.rawValue
    for (name, value) in request.headers {
      urlRequest.setValue(value, forHTTPHeaderField: name)
    }
    urlRequest.httpBody = request.body
    return urlRequest
  }

  /// The failure a `URLSession` error stands for.
  static func failure(for error: any Error, url: URL?) -> TransportFailure {
    guard let urlError = error as? URLError else {
      return .other("the network layer failed (\(type(of: error)))")
    }
    switch urlError.code {
    case .cancelled: return .cancelled
    case .timedOut: return .timedOut
    case .networkConnectionLost, .badServerResponse, .zeroByteResource: return .connectionLost
    case .cannotConnectToHost, .notConnectedToInternet, .internationalRoamingOff, .dataNotAllowed: return .notConnected
    case .cannotFindHost, .dnsLookupFailed: return .hostNotFound
    case .unsupportedURL: return .unsupportedURL(scheme: url?.scheme ?? "")
    case .badURL: return .invalidRequest("the address is not a valid URL")
    case .httpTooManyRedirects: return .redirectRefused(.tooMany(RedirectPolicy.maximumRedirects))
    case .redirectToNonExistentLocation: return .redirectRefused(.invalidLocation)
    case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
      .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
      .clientCertificateRequired, .appTransportSecurityRequiresSecureConnection:
      return .secureConnectionFailed
    case .cannotDecodeRawData, .cannotDecodeContentData, .cannotParseResponse:
      return .malformedResponse("the answer cannot be decoded")
    case .unknown:
      // FoundationNetworking reports most libcurl failures (a garbled status line, a reset) as -1.
      return .other("the connection failed without a reason (URLError -1), often a malformed answer or a reset")
    default:
      // The code only: URLError's own description includes the URL.
      return .other("the network layer failed with URLError \(urlError.code.rawValue)")
    }
  }
}
#endif
