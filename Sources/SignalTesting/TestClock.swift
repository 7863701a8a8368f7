import Signal

/// A clock whose time moves only when a test moves it, so code that sleeps, debounces or
/// times out can be tested without waiting in real time.
///
/// ```swift
/// let clock = TestClock()
/// let source = TestSource<String, Never>()
/// let recorder = Recorder(source.debounce(for: .seconds(1), clock: clock))
/// await source.send("h")
/// await source.send("hi")
/// await clock.advance(by: .seconds(1))
/// #expect(await recorder.next() == "hi")
/// ```
///
/// What the clock guarantees:
/// - ``now`` starts at ``Instant/zero`` (or the instant given to ``init(now:)``) and never goes
///   back. Only ``advance(by:)``, ``advance(to:)`` and ``run(maxSteps:)`` move it.
/// - ``sleep(until:tolerance:)`` with a deadline at or before ``now`` returns at once. Any other
///   sleep parks until time reaches its deadline. Cancelling the sleeping task wakes it at once
///   with `CancellationError`, and a task that is already cancelled never parks.
/// - Advancing wakes sleepers in deadline order; sleepers with the same deadline wake in the
///   order they started sleeping. While a sleeper wakes, ``now`` equals its deadline, and it does
///   not move on until the woken tasks have had a chance to run (see below).
/// - ``waitForSleepers(count:)`` suspends, without polling, until that many tasks sleep on the
///   clock. This is the deterministic way to know that code under test has reached its sleep.
///
/// What it cannot guarantee: Swift concurrency gives no way to know when a woken task is done
/// reacting. Before each step, an advance yields until no sleep has started or ended for
/// ``quietYields`` yields in a row, so tasks about to sleep get there first. After waking the
/// sleepers of one instant, it yields until as many tasks sleep on the clock as before that
/// instant (the usual case: a loop that sleeps again). Both waits stop after ``settleYields``
/// yields. If a result depends on what a woken task does
/// before time moves further, wait for that explicitly (an output, a signal,
/// ``waitForSleepers(count:)``) rather than advancing in one big step. Signal's time operators do
/// not depend on this: they compute every deadline from the instant of the event that set it and
/// handle a timer that fires late exactly like one that fired on time, so their output depends
/// only on the order in which a test sends values and advances the clock.
public final class TestClock: Clock, Sendable {
  public typealias Duration = Swift.Duration

  /// A point on a ``TestClock``'s time line: an offset from the clock's origin.
  public struct Instant: InstantProtocol, Sendable, CustomStringConvertible {
    /// The time since the origin of the clock.
    public var offset: Swift.Duration

    /// The origin of every test clock.
    public static let zero = Instant(offset: .zero)

    /// An instant `offset` after the origin.
    public init(offset: Swift.Duration) {
      self.offset = offset
    }

    public func advanced(by duration: Swift.Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    public func duration(to other: Instant) -> Swift.Duration {
      other.offset - offset
    }

    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }

    public var description: String {
      "t=\(offset)"
    }
  }

  /// How many times an advance yields, at most, for the tasks woken at one instant to run
  /// before it moves time further.
  public let settleYields: Int

  /// How many yields in a row without a sleep starting or ending count as quiet.
  public static let quietYields = 10

  private let state: Lock<TestClockState>

  /// Creates a clock at `now` (by default ``Instant/zero``).
  ///
  /// - Parameter settleYields: the most times an advance yields after waking the sleepers of
  ///   one instant (at least 1).
  public init(now: Instant = .zero, settleYields: Int = 100) {
    self.settleYields = Swift.max(1, settleYields)
    state = Lock(TestClockState(now: now))
  }

  /// The current virtual instant.
  public var now: Instant {
    state.withLock { $0.now }
  }

  /// Always zero: virtual time has no granularity.
  public var minimumResolution: Swift.Duration {
    .zero
  }

  /// How many tasks are sleeping on the clock right now.
  public var sleeperCount: Int {
    state.withLock { $0.sleepers.count }
  }

  /// The earliest deadline a task sleeps until, if any task sleeps.
  public var nextDeadline: Instant? {
    state.withLock { $0.sleepers.first?.deadline }
  }

  /// Suspends until time reaches `deadline`; see ``TestClock`` for the guarantees.
  ///
  /// - Throws: `CancellationError` if the task is cancelled before or while it sleeps.
  public func sleep(until deadline: Instant, tolerance: Swift.Duration? = nil) async throws {
    let id = state.withLock { $0.makeID() }
    try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
        let action = state.withLock {
          $0.park(Sleeper(id: id, deadline: deadline, continuation: continuation), isCancelled: Task.isCancelled)
        }
        switch action {
        case .wakeNow:
          continuation.resume()
        case .cancelNow:
          continuation.resume(throwing: CancellationError())
        case .parked(let countWaiters):
          for waiter in countWaiters { waiter.resume() }
        }
      }
    } onCancel: {
      state.withLock { $0.removeSleeper(id: id) }?.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward by `duration`, waking sleepers on the way; see ``advance(to:)``.
  /// A negative duration does nothing.
  public func advance(by duration: Swift.Duration) async {
    await advance(to: now.advanced(by: duration))
  }

  /// Moves time forward to `deadline`, one sleeper deadline at a time.
  ///
  /// For each deadline at or before `deadline`, earliest first (including deadlines of sleeps
  /// that start while it advances), it sets ``now`` to that deadline, wakes its sleepers and
  /// lets them run (see ``TestClock``). Then it sets ``now`` to `deadline`. An instant before
  /// ``now`` does nothing: time never goes back.
  public func advance(to deadline: Instant) async {
    await settleUntilQuiet()
    while let step = state.withLock({ $0.wakeEarliest(notAfter: deadline) }) {
      for sleeper in step.woken { sleeper.resume() }
      await settle(untilSleeping: step.sleepingBefore)
      await settleUntilQuiet()
    }
    state.withLock { $0.moveNow(to: deadline) }
  }

  /// Advances to each next deadline until no task sleeps on the clock, or until it has taken
  /// `maxSteps` steps (so a task that sleeps forever in a loop, like a timer, cannot hang a test).
  public func run(maxSteps: Int = 10_000) async {
    for _ in 0..<Swift.max(0, maxSteps) {
      guard let next = nextDeadline else { return }
      await advance(to: next)
    }
  }

  /// Suspends until at least `count` tasks sleep on the clock, or the waiting task is cancelled.
  ///
  /// ```swift
  /// let worker = Task { try await clock.sleep(for: .seconds(5)) }
  /// await clock.waitForSleepers(count: 1)  // the worker computed its deadline from `now`
  /// await clock.advance(by: .seconds(5))
  /// ```
  public func waitForSleepers(count: Int = 1) async {
    let id = state.withLock { $0.makeID() }
    await withTaskCancellationHandler {
      await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
        let parked = state.withLock {
          $0.parkCountWaiter(
            CountWaiter(id: id, count: count, continuation: continuation), isCancelled: Task.isCancelled)
        }
        if !parked { continuation.resume() }
      }
    } onCancel: {
      state.withLock { $0.removeCountWaiter(id: id) }?.resume()
    }
  }

  /// Yields until `count` tasks sleep on the clock again, at most ``settleYields`` times.
  private func settle(untilSleeping count: Int) async {
    for _ in 0..<settleYields {
      await Task.yield()
      if sleeperCount >= count { return }
    }
  }

  /// Yields until no sleep has started or ended for ``quietYields`` yields, at most
  /// ``settleYields`` times.
  private func settleUntilQuiet() async {
    var lastActivity = state.withLock { $0.activity }
    var quiet = 0
    for _ in 0..<settleYields {
      await Task.yield()
      let activity = state.withLock { $0.activity }
      if activity == lastActivity {
        quiet += 1
        if quiet >= Self.quietYields { return }
      } else {
        lastActivity = activity
        quiet = 0
      }
    }
  }
}
