import Signal

/// One HTTP exchange as Signal work: send the request once, and fail with an ``ExchangeFailure``
/// when no answer came or the answer is a 429 or 5xx, so that `retry` can decide about it.
///
/// ```swift
/// let answer = try await Exchange(http: http, request: request).publisher.retry(.upTo(2)).firstValue()
/// ```
struct Exchange: Performable {
  let http: any HTTPClient
  let request: HTTPClientRequest

  func perform() async throws(ExchangeFailure) -> HTTPClientResponse {
    let response: HTTPClientResponse
    do {
      response = try await http.send(request)
    } catch {
      throw .transport(error)
    }
    if ExchangeFailure.isRetryable(status: response.status) { throw .status(response) }
    return response
  }
}
