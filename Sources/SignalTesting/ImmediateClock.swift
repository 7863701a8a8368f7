import Signal

/// A clock on which every sleep ends at once: it moves ``now`` to the deadline and returns,
/// so code that sleeps, debounces, delays or times out runs to its end without anyone
/// advancing time.
///
/// ```swift
/// let clock = ImmediateClock()
/// let ticks = await Publishers.Timer(every: .seconds(1), clock: clock).prefix(3).allValues()
/// // ticks.map(\.offset) == [.seconds(1), .seconds(2), .seconds(3)], at once
/// #expect(clock.now == .init(offset: .seconds(3)))
/// ```
///
/// Use it when a test cares about what code does after it waits, not about when: a retry
/// loop with back-off, a polling task, a screen that shows a message for a few seconds. Use
/// ``TestClock`` when the test must decide the order of time and events.
///
/// What the clock guarantees:
/// - ``now`` starts at ``Instant/zero`` (or the instant given to ``init(now:)``) and never goes
///   back: a sleep sets it to the later of itself and the deadline. Concurrent sleeps from many
///   tasks leave it at the latest deadline any of them reached.
/// - ``sleep(until:tolerance:)`` never waits for time. It yields once, as a real sleep lets
///   other tasks run, and returns.
/// - A task that is cancelled when it calls ``sleep(until:tolerance:)`` throws
///   `CancellationError` and leaves ``now`` where it was.
///
/// What it cannot promise: when two tasks race (an operator's timer against its upstream),
/// which one goes first is up to the scheduler, exactly as with a real clock whose intervals
/// are all zero. A debounce on this clock may therefore emit more values than on real time;
/// what comes out depends on the interleaving, only the end of the stream does not.
///
/// It shares ``TestClock``'s ``Instant`` type, so a test can move between the two clocks.
public final class ImmediateClock: Clock, Sendable {
  public typealias Duration = Swift.Duration
  /// A point on the clock's time line: an offset from the origin, the same type as
  /// ``TestClock``'s instants.
  public typealias Instant = TestClock.Instant

  private let current: Lock<Instant>

  /// Creates a clock at `now` (by default ``Instant/zero``).
  public init(now: Instant = .zero) {
    current = Lock(now)
  }

  /// The current virtual instant: the latest deadline reached so far.
  public var now: Instant {
    current.withLock { $0 }
  }

  /// Always zero: virtual time has no granularity.
  public var minimumResolution: Swift.Duration {
    .zero
  }

  /// Moves ``now`` to `deadline` (never back) and returns after one yield.
  ///
  /// - Throws: `CancellationError` if the task is cancelled; ``now`` does not move then.
  public func sleep(until deadline: Instant, tolerance: Swift.Duration? = nil) async throws {
    try Task.checkCancellation()
    current.withLock { $0 = Swift.max($0, deadline) }
    await Task.yield()
  }
}
