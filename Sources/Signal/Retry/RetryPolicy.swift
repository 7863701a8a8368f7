/// How many times a failed operation is tried again, and how long to wait before each retry.
///
/// The same value serves ``Publisher/retry(_:clock:when:)`` and the indexed fan-in
/// (``Performable/publisher(for:retries:clock:when:maxConcurrent:ordering:)``):
///
/// ```swift
/// let policy = RetryPolicy.upTo(3, backoff: .exponential(initial: .milliseconds(200), maximum: .seconds(2)).jittered())
/// for try await page in fetchPage.publisher.retry(policy) { show(page) }
/// for await (index, outcome) in FetchPost.publisher(for: requests, retries: policy) { rows[index] = outcome }
/// ```
public struct RetryPolicy: Sendable {
  /// The most retries after the first attempt; never negative.
  public var maxRetries: Int {
    didSet { maxRetries = Swift.max(0, maxRetries) }
  }
  /// The wait before each retry.
  public var backoff: Backoff

  /// Retries up to `maxRetries` times (below 0 counts as 0), waiting `backoff` before each.
  @inlinable
  public init(maxRetries: Int, backoff: Backoff = .immediate) {
    self.maxRetries = Swift.max(0, maxRetries)
    self.backoff = backoff
  }

  /// ``init(maxRetries:backoff:)`` for call sites: `retries: .upTo(2, backoff: .constant(.seconds(1)))`.
  ///
  /// ```swift
  /// let policy = RetryPolicy.upTo(2, backoff: .constant(.seconds(1)))
  /// ```
  @inlinable
  public static func upTo(_ maxRetries: Int, backoff: Backoff = .immediate) -> RetryPolicy {
    RetryPolicy(maxRetries: maxRetries, backoff: backoff)
  }

  /// No retry: the first failure is final.
  ///
  /// ```swift
  /// let once = FetchPost.publisher(for: requests, retries: .never)
  /// ```
  public static let never = RetryPolicy(maxRetries: 0)

  /// Decides whether retry number `retriesDone + 1` happens, and waits for it on `clock`.
  ///
  /// Returns `false` (pass the failure on) when the retries are used up, `decision` is
  /// ``RetryDecision/fail``, or the task is cancelled before or while it waits. The one loop
  /// that both the `retry` operator and the fan-in run between attempts.
  @usableFromInline
  func waitToRetry(after retriesDone: Int, _ decision: RetryDecision, on clock: any Clock<Duration>) async -> Bool {
    guard retriesDone < maxRetries, !Task.isCancelled else { return false }
    let delay: Duration
    switch decision {
    case .fail: return false
    case .retry: delay = backoff.delay(beforeRetry: retriesDone + 1)
    case .retryAfter(let wait): delay = Swift.max(.zero, wait)
    }
    guard delay > .zero else { return true }
    do {
      try await clock.sleep(for: delay)
    } catch {
      return false
    }
    return !Task.isCancelled
  }
}
