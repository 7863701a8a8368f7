/// How long to wait before each retry: not at all, a constant delay, or a delay that grows
/// exponentially up to a cap; any of them optionally jittered.
///
/// ```swift
/// let backoff = Backoff.exponential(initial: .milliseconds(200), maximum: .seconds(5)).jittered()
/// backoff.delay(beforeRetry: 1)  // up to 200 ms
/// backoff.delay(beforeRetry: 3)  // up to 800 ms
/// backoff.delay(beforeRetry: 9)  // up to 5 s: the cap
/// ```
///
/// A ``RetryPolicy`` pairs a backoff with a number of retries; ``Publisher/retry(_:delay:clock:)``
/// and the indexed fan-in wait on a `Clock` of your choice, so tests run them on a test clock.
public struct Backoff: Sendable {
  enum Growth: Sendable {
    case constant(Duration)
    case exponential(initial: Duration, multiplier: Double, maximum: Duration)
  }

  /// How much of each delay jitter may take away, and where its randomness comes from.
  struct Jitter: Sendable {
    let fraction: Double
    let random: @Sendable () -> Double
  }

  let growth: Growth
  let jitter: Jitter?

  init(growth: Growth, jitter: Jitter?) {
    self.growth = growth
    self.jitter = jitter
  }

  /// No wait: retry at once (what ``Publisher/retry(_:)`` does).
  public static let immediate = Backoff.constant(.zero)

  /// The same `delay` before every retry (a negative delay counts as zero).
  ///
  /// ```swift
  /// uploads.retry(3, delay: .constant(.seconds(2)), clock: ContinuousClock())
  /// ```
  public static func constant(_ delay: Duration) -> Backoff {
    Backoff(growth: .constant(Swift.max(.zero, delay)), jitter: nil)
  }

  /// `initial` before the first retry, multiplied by `multiplier` before each further one, never
  /// more than `maximum`. A negative duration counts as zero, a multiplier below 1 as 1.
  ///
  /// ```swift
  /// // 100 ms, 200 ms, 400 ms, 800 ms, 1 s, 1 s, ...
  /// let backoff = Backoff.exponential(initial: .milliseconds(100), maximum: .seconds(1))
  /// ```
  public static func exponential(initial: Duration, multiplier: Double = 2, maximum: Duration) -> Backoff {
    let maximum = Swift.max(.zero, maximum)
    let growth = Growth.exponential(
      initial: Swift.min(Swift.max(.zero, initial), maximum),
      multiplier: multiplier.isFinite ? Swift.max(1, multiplier) : 1,
      maximum: maximum)
    return Backoff(growth: growth, jitter: nil)
  }

  /// The same backoff with each delay shortened by a random part of up to `fraction` of it, so
  /// that many clients that failed together do not retry together.
  ///
  /// With the default `fraction` of 1 ("full jitter") a delay `d` becomes a random delay in
  /// `0...d`; with 0.5 it falls in `d/2...d`. `random` returns a number in `0..<1`; inject a
  /// fixed one to make delays predictable in a test.
  ///
  /// ```swift
  /// let backoff = Backoff.constant(.seconds(1)).jittered(0.5)               // 0.5 s to 1 s
  /// let fixed = Backoff.constant(.seconds(1)).jittered(random: { 0.25 })   // always 0.75 s
  /// ```
  public func jittered(
    _ fraction: Double = 1, random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
  ) -> Backoff {
    let fraction = fraction.isFinite ? Swift.min(1, Swift.max(0, fraction)) : 1
    return Backoff(growth: growth, jitter: Jitter(fraction: fraction, random: random))
  }

  /// The wait before retry number `retry` (the first retry is 1); zero for a `retry` below 1.
  ///
  /// ```swift
  /// Backoff.exponential(initial: .seconds(1), maximum: .seconds(10)).delay(beforeRetry: 3)  // 4 s
  /// ```
  public func delay(beforeRetry retry: Int) -> Duration {
    guard retry >= 1 else { return .zero }
    let delay: Duration
    switch growth {
    case .constant(let constant):
      delay = constant
    case .exponential(let initial, let multiplier, let maximum):
      delay = Self.grow(initial, by: multiplier, times: retry - 1, upTo: maximum)
    }
    guard let jitter, jitter.fraction > 0, delay > .zero else { return delay }
    let drawn = jitter.random()
    let random = drawn.isFinite ? Swift.min(1, Swift.max(0, drawn)) : 0
    return delay - delay * (jitter.fraction * random)
  }

  /// `initial × multiplier^times`, or `maximum` if that is larger (computed without overflow).
  static func grow(_ initial: Duration, by multiplier: Double, times: Int, upTo maximum: Duration) -> Duration {
    guard initial > .zero else { return .zero }
    let limit = maximum / initial  // how many times `initial` fits in the cap
    var factor = 1.0
    for _ in 0..<times {
      factor *= multiplier
      if factor >= limit { return maximum }
    }
    return Swift.min(maximum, initial * factor)
  }
}
