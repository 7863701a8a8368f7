/// What ``Publisher/retry(_:clock:when:)`` does with one failure.
///
/// ```swift
/// fetch.retry(.upTo(3, backoff: .constant(.seconds(1)))) { error in
///   switch error {
///   case .rateLimited(let wait): .retryAfter(wait)  // the server said how long
///   case .offline, .serverBusy: .retry              // the policy's backoff
///   case .forbidden: .fail                          // retrying cannot help
///   }
/// }
/// ```
public enum RetryDecision: Sendable, Hashable {
  /// Retry after the policy's backoff (if retries are left).
  case retry
  /// Retry after this wait instead of the backoff (if retries are left): a server's `Retry-After`.
  case retryAfter(Duration)
  /// Do not retry: pass the failure on now.
  case fail
}
