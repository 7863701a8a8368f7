import Signal

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How a ``TreeHoleClient`` tries a request again after a transient failure, through Signal's
/// `retry`.
///
/// - **What is retried**: a connection that could not be made (``TransportFailure/notConnected``),
///   lost (``TransportFailure/connectionLost``) or went silent (``TransportFailure/timedOut``), and
///   the answers 429 and 5xx. Anything else (4xx, a decoding failure, a refused redirect, a
///   cancelled task) is final at once.
/// - **Writes are never sent twice**: a POST (send post or comment, vote, follow, report) is
///   retried only when the connection could not be made, because then nothing reached the
///   server. A POST that may have reached it (a lost connection, a timeout, a 5xx or 429 answer)
///   is reported, never repeated: the server may have done the write.
/// - **`Retry-After` is honoured** on a 429 or 5xx answer, in seconds or as an HTTP date (measured
///   from the answer's `Date` header when it has one, so a wrong local clock does not matter),
///   and capped at ``maximumRetryAfter``; without it the ``policy``'s backoff applies.
///
/// After the last retry the last answer is the result: a 503 is still reported as HTTP status 503.
///
/// ```swift
/// let client = TreeHoleClient(configuration: configuration)  // RequestRetry.standard
/// let patient = TreeHoleClient(
///   configuration: configuration,
///   retry: RequestRetry(policy: .upTo(4, backoff: .exponential(initial: .seconds(1), maximum: .seconds(8)).jittered())))
/// let strict = TreeHoleClient(configuration: configuration, retry: .never)
/// ```
public struct RequestRetry: Sendable {
  /// How many retries at most, and the backoff between them.
  public var policy: RetryPolicy
  /// The longest wait a server's `Retry-After` gets: a longer one is cut to this.
  public var maximumRetryAfter: Duration
  /// The clock the waits run on (a test clock in tests).
  public var clock: any Clock<Duration>

  public init(
    policy: RetryPolicy, maximumRetryAfter: Duration = .seconds(10), clock: some Clock<Duration> = ContinuousClock()
  ) {
    self.policy = policy
    self.maximumRetryAfter = Swift.max(.zero, maximumRetryAfter)
    self.clock = clock
  }

  /// Two retries, after about 250 ms and 500 ms (jittered by up to half), a `Retry-After` of at
  /// most 10 s: a blip is hidden, an outage is reported within a second.
  public static let standard = RequestRetry(
    policy: .upTo(2, backoff: .exponential(initial: .milliseconds(250), maximum: .seconds(2)).jittered(0.5)))

  /// Every failure is final.
  public static let never = RequestRetry(policy: .never)

  /// What to do after `failure` of a request sent with `method`.
  /// Sends `request` over `http` through Signal's retry with this policy: the one way every
  /// HollowKit request (API calls and image downloads alike) retries. A 429 or 5xx answer still
  /// there after the last retry is returned as the answer; a transport failure is thrown.
  func send(_ request: HTTPClientRequest, over http: any HTTPClient) async throws(TransportFailure)
    -> HTTPClientResponse
  {
    let method = request.method
    let exchange = Publishers.Retry(
      upstream: Exchange(http: http, request: request).publisher, policy: policy, clock: clock
    ) {
      self.decision(for: $0, method: method)
    }
    do throws(ExchangeFailure) {
      // `nil`: the task was cancelled before the exchange started.
      guard let answer = try await exchange.firstValue() else { throw .transport(.cancelled) }
      return answer
    } catch {
      switch error {
      case .transport(let failure): throw failure
      case .status(let answer): return answer
      }
    }
  }

  func decision(for failure: ExchangeFailure, method: HTTPMethod) -> RetryDecision {
    switch failure {
    case .transport(.notConnected):
      // The connection was never made: nothing reached the server, so even a write is safe to send.
      return .retry
    case .transport(.connectionLost), .transport(.timedOut):
      return method == .get ? .retry : .fail
    case .transport:
      return .fail
    case .status(let answer):
      guard method == .get else { return .fail }
      guard let value = answer.header("Retry-After"),
        let wait = RetryAfter.delay(from: value, at: Self.time(of: answer))
      else { return .retry }
      return .retryAfter(Swift.min(wait, maximumRetryAfter))
    }
  }

  /// When `answer` was made, in Unix seconds: its `Date` header, or now.
  private static func time(of answer: HTTPClientResponse) -> Int64 {
    if let header = answer.header("Date"), header.utf8.count <= RetryAfter.maximumLength,
      let date = RetryAfter.date(header[...])
    {
      return date
    }
    return Int64(Date().timeIntervalSince1970)
  }
}
