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
}
