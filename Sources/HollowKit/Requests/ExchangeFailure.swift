/// Why one HTTP exchange of a request is worth a second look: no answer came, or the answer is
/// one that invites asking again (429 Too Many Requests, or a 5xx server error).
///
/// ```swift
/// switch failure {
/// case .transport(.notConnected): break       // nothing reached the server
/// case .status(let answer): print(answer.status)  // 429, 500, 503, ...
/// default: break
/// }
/// ```
enum ExchangeFailure: Error, Equatable {
  /// No usable answer arrived.
  case transport(TransportFailure)
  /// The server answered 429 or 5xx; kept whole, so the last one can still be reported.
  case status(HTTPClientResponse)

  /// Whether `status` is an answer a client may ask again for: too many requests, or a server error.
  static func isRetryable(status: Int) -> Bool {
    status == 429 || (500..<600).contains(status)
  }
}
