import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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
  private let session: URLSession
  private let delegate: SessionDelegate

  init(idle: Duration, maximumConnectionsPerHost: Int) {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpMaximumConnectionsPerHost = maximumConnectionsPerHost
    // FoundationNetworking truncates this to whole seconds (0.5 s would time out at once).
    configuration.timeoutIntervalForRequest = max(1, idle.timeInterval.rounded(.up))
    // Our own deadline ends every exchange; this only keeps URLSession from ending one first.
    configuration.timeoutIntervalForResource = 7 * 24 * 3600
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.urlCache = nil
    let delegate = SessionDelegate()
    self.delegate = delegate
    session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
  }

  deinit {
    session.invalidateAndCancel()
  }

  func exchange(_ request: HTTPClientRequest, deadline: ContinuousClock.Instant, total: Duration)
    async throws(TransportFailure) -> HTTPClientResponse
  {
    let task = session.dataTask(with: Self.urlRequest(for: request))
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

/// Routes `URLSession`'s delegate calls to the ``ResponseCollector`` of each task.
private final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
  private let collectors = Mutex<[Int: ResponseCollector]>([:])

  func register(_ collector: ResponseCollector, for task: URLSessionTask) {
    collectors.withLock { $0[task.taskIdentifier] = collector }
  }

  func unregister(_ task: URLSessionTask) {
    _ = collectors.withLock { $0.removeValue(forKey: task.taskIdentifier) }
  }

  private func collector(_ task: URLSessionTask) -> ResponseCollector? {
    collectors.withLock { $0[task.taskIdentifier] }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    // Never followed here: the 30x becomes the response and NetworkHTTPClient's policy decides.
    completionHandler(nil)
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let proceed = collector(dataTask)?.receive(response) ?? false
    completionHandler(proceed ? .allow : .cancel)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    collector(dataTask)?.receive(data)
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    collector(task)?.complete(error: error, url: task.originalRequest?.url, finalResponse: task.response)
  }
}

/// The answer of one data task as it streams in, cut off at `limit` bytes.
private final class ResponseCollector: Sendable {
  private struct State {
    var status = 0
    var headers: [String: String] = [:]
    var body = Data()
  }

  private let limit: Int
  private let pending: PendingExchange
  private let state = Mutex(State())

  init(limit: Int, pending: PendingExchange) {
    self.limit = limit
    self.pending = pending
  }

  /// Records the status and headers; false (and the exchange fails) when the announced length is over the limit.
  func receive(_ response: URLResponse) -> Bool {
    guard let http = response as? HTTPURLResponse else {
      pending.finish(.failure(.malformedResponse("the answer is not HTTP")))
      return false
    }
    record(http)
    let announced = http.expectedContentLength
    guard announced <= Int64(limit) else {
      pending.finish(.failure(.tooLarge(limit: limit, announced: Int(clamping: announced))))
      return false
    }
    return true
  }

  private func record(_ http: HTTPURLResponse) {
    var headers: [String: String] = [:]
    for case (let name as String, let value as String) in http.allHeaderFields {
      headers[name] = value
    }
    state.withLock { state in
      state.status = http.statusCode
      state.headers = headers
      state.body = Data()
    }
  }

  func receive(_ data: Data) {
    // After the end (a limit, the deadline) data may still arrive until the cancellation lands: dropped.
    guard !pending.isFinished else { return }
    let overflow = state.withLock { state -> Bool in
      guard state.body.count + data.count <= limit else {
        state.body = Data()
        return true
      }
      state.body.append(data)
      return false
    }
    if overflow { pending.finish(.failure(.tooLarge(limit: limit, announced: nil))) }
  }

  /// Ends the exchange; `finalResponse` stands in when the delegate never heard of one (FoundationNetworking
  /// does not announce a 30x it could not follow, such as one without a `Location`).
  func complete(error: (any Error)?, url: URL?, finalResponse: URLResponse?) {
    if let error {
      pending.finish(.failure(URLSessionTransport.failure(for: error, url: url)))
      return
    }
    if state.withLock({ $0.status == 0 }) {
      guard let http = finalResponse as? HTTPURLResponse else {
        pending.finish(.failure(.malformedResponse("no HTTP answer arrived")))
        return
      }
      record(http)
    }
    let response = state.withLock { state in
      HTTPClientResponse(status: state.status, headers: state.headers, body: state.body)
    }
    pending.finish(.success(response))
  }
}

extension Duration {
  var timeInterval: TimeInterval {
    let (seconds, attoseconds) = components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}
