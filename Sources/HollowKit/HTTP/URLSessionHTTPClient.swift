import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real ``HTTPClient``, on `URLSession`, with configurable timeouts.
///
/// Cancelling the Swift task that awaits ``send(_:)`` cancels the underlying `URLSessionDataTask`,
/// so the request stops on the wire and ``send(_:)`` throws ``TransportFailure/cancelled`` at once.
/// (It uses `dataTask` with a continuation rather than `data(for:)`, which does not exist or does not
/// cancel on every platform.)
///
/// `URLSession` allows only 6 connections per host unless told otherwise (on Linux, FoundationNetworking
/// hands `httpMaximumConnectionsPerHost` to libcurl as its per-host connection cap, and requests beyond it
/// queue inside libcurl). The loaders' ``HostLimiter`` is what bounds requests per host, so this client
/// allows ``maximumConnectionsPerHost`` (64 by default) to stay out of its way.
///
/// ```swift
/// let http = URLSessionHTTPClient(timeouts: HTTPTimeouts(request: .seconds(10)))
/// let response = try await http.send(HTTPClientRequest(method: .get, url: url))
/// ```
public final class URLSessionHTTPClient: HTTPClient {
  public let timeouts: HTTPTimeouts
  /// The most connections open at once to one host (at least 1).
  public let maximumConnectionsPerHost: Int
  private let session: URLSession

  /// Well above any sensible ``HostLimiter`` budget, so that the limiter, not the session, decides.
  public static let defaultMaximumConnectionsPerHost = 64

  /// - Parameter maximumConnectionsPerHost: below 1 counts as 1; keep it at least the ``HostLimiter`` budget,
  ///   or requests holding a permit wait for a connection.
  public init(
    timeouts: HTTPTimeouts = HTTPTimeouts(),
    maximumConnectionsPerHost: Int = URLSessionHTTPClient.defaultMaximumConnectionsPerHost
  ) {
    self.timeouts = timeouts
    self.maximumConnectionsPerHost = max(1, maximumConnectionsPerHost)
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpMaximumConnectionsPerHost = self.maximumConnectionsPerHost
    configuration.timeoutIntervalForRequest = timeouts.request.timeInterval
    configuration.timeoutIntervalForResource = timeouts.resource.timeInterval
    configuration.httpCookieStorage = nil
    configuration.urlCache = nil
    session = URLSession(configuration: configuration)
  }

  deinit {
    session.finishTasksAndInvalidate()
  }

  public func send(_ request: HTTPClientRequest) async throws(TransportFailure) -> HTTPClientResponse {
    let handle = DataTaskHandle()
    let outcome = await withTaskCancellationHandler {
      await withCheckedContinuation {
        (continuation: CheckedContinuation<Result<HTTPClientResponse, TransportFailure>, Never>) in
        let task = session.dataTask(with: urlRequest(for: request)) { data, response, error in
          continuation.resume(returning: Self.outcome(data: data, response: response, error: error))
        }
        handle.start(task)
      }
    } onCancel: {
      handle.cancel()
    }
    return try outcome.get()
  }

  private func urlRequest(for request: HTTPClientRequest) -> URLRequest {
    var urlRequest = URLRequest(url: request.url)
    urlRequest.httpMethod = request.method.rawValue
    urlRequest.timeoutInterval = timeouts.request.timeInterval
    for (name, value) in request.headers {
      urlRequest.setValue(value, forHTTPHeaderField: name)
    }
    urlRequest.httpBody = request.body
    return urlRequest
  }

  private static func outcome(data: Data?, response: URLResponse?, error: (any Error)?) -> Result<
    HTTPClientResponse, TransportFailure
  > {
    if let error {
      return .failure(failure(for: error))
    }
    guard let http = response as? HTTPURLResponse else {
      return .failure(.other("the answer is not HTTP"))
    }
    var headers: [String: String] = [:]
    for case (let name as String, let value as String) in http.allHeaderFields {
      headers[name] = value
    }
    return .success(HTTPClientResponse(status: http.statusCode, headers: headers, body: data ?? Data()))
  }

  private static func failure(for error: any Error) -> TransportFailure {
    guard let urlError = error as? URLError else {
      return .other(String(describing: type(of: error)))
    }
    switch urlError.code {
    case .cancelled: return .cancelled
    case .timedOut: return .timedOut
    case .networkConnectionLost, .badServerResponse, .zeroByteResource: return .connectionLost
    case .cannotConnectToHost, .cannotFindHost, .notConnectedToInternet, .dnsLookupFailed:
      return .notConnected
    // The raw value only, because URLError's description includes the URL.
    default: return .other("URLError \(urlError.code.rawValue)")
    }
  }
}

/// Timeouts of a ``URLSessionHTTPClient``.
///
/// ```swift
/// let timeouts = HTTPTimeouts(request: .seconds(5), resource: .seconds(30))
/// ```
public struct HTTPTimeouts: Sendable, Equatable {
  /// The longest wait for the next bytes of an answer.
  public var request: Duration
  /// The longest a whole request may take.
  public var resource: Duration

  public init(request: Duration = .seconds(30), resource: Duration = .seconds(120)) {
    self.request = request
    self.resource = resource
  }
}

extension Duration {
  fileprivate var timeInterval: TimeInterval {
    let (seconds, attoseconds) = components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}

/// Links a data task to the cancellation of the Swift task that waits for it: whichever of
/// "task created" and "Swift task cancelled" happens second cancels the data task.
private final class DataTaskHandle: Sendable {
  private enum State {
    case waiting
    case running(URLSessionDataTask)
    case cancelled
  }

  private let state = Mutex(State.waiting)

  func start(_ task: URLSessionDataTask) {
    let cancelled = state.withLock { state in
      if case .cancelled = state { return true }
      state = .running(task)
      return false
    }
    if cancelled { task.cancel() }
    task.resume()
  }

  func cancel() {
    let task = state.withLock { state -> URLSessionDataTask? in
      defer { state = .cancelled }
      if case .running(let task) = state { return task }
      return nil
    }
    task?.cancel()
  }
}
