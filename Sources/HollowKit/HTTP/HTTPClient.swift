/// Sends one HTTP request and returns the response: the seam between the request layer and the
/// network, so tests can use ``StubHTTPClient`` and apps ``URLSessionHTTPClient``.
///
/// Implementations must end promptly with ``TransportFailure/cancelled`` when the calling task is
/// cancelled, and must report every HTTP status as a response (a 500 is an answer, not a failure).
///
/// ```swift
/// let http: any HTTPClient = URLSessionHTTPClient()
/// let response = try await http.send(HTTPClientRequest(method: .get, url: url))
/// print(response.status)
/// ```
public protocol HTTPClient: Sendable {
  /// Sends `request`; throws only when no response arrived.
  func send(_ request: HTTPClientRequest) async throws(TransportFailure) -> HTTPClientResponse
}
