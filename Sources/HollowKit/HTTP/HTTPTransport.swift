/// Carries one HTTP/1.x exchange for ``NetworkHTTPClient``, which decides everything else
/// (redirects, deadline, validation).
///
/// A transport never follows a redirect: it returns the 30x as the response (its body may be
/// left unread). It stops reading past the request's ``HTTPClientRequest/maximumResponseBytes`` and
/// ends with ``TransportFailure/deadlineExceeded(total:)`` at `deadline`, without spending CPU while it
/// waits.
///
/// ```swift
/// let response = try await transport.exchange(request, deadline: .now + .seconds(30), total: .seconds(30))
/// ```
protocol HTTPTransport: Sendable {
  func exchange(_ request: HTTPClientRequest, deadline: ContinuousClock.Instant, total: Duration)
    async throws(TransportFailure) -> HTTPClientResponse
}
