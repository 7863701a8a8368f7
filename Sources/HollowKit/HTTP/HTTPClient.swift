#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Sends one HTTP request and returns the response: the seam between the request layer and the
/// network, so tests can use ``StubHTTPClient`` and apps ``NetworkHTTPClient``.
///
/// Implementations must end promptly with ``TransportFailure/cancelled`` when the calling task is
/// cancelled, must report every HTTP status as a response (a 500 is an answer, not a failure), and
/// must never return a body larger than ``HTTPClientRequest/maximumResponseBytes`` (they throw
/// ``TransportFailure/tooLarge(limit:announced:)`` instead).
///
/// ```swift
/// let http: any HTTPClient = NetworkHTTPClient()
/// let response = try await http.send(HTTPClientRequest(method: .get, url: url))
/// print(response.status)
/// ```
public protocol HTTPClient: Sendable {
  /// Sends `request`; throws only when no usable response arrived.
  func send(_ request: HTTPClientRequest) async throws(TransportFailure) -> HTTPClientResponse

  /// Opens up to `connections` connections to `url`'s origin ahead of the requests that will need them,
  /// without waiting; a client without a connection pool does nothing (the default).
  ///
  /// ```swift
  /// http.connectEarly(to: URL(string: "https://api.example/v3")!, connections: 16)
  /// ```
  func connectEarly(to url: URL, connections: Int)
}

extension HTTPClient {
  public func connectEarly(to url: URL, connections: Int) {}
}
