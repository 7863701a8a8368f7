// Combine's scheduler spellings, each unavailable with a message that names the Signal way, so
// that code ported from Combine fails with directions instead of a bare "no member". Signal has
// no schedulers: code runs on the isolation of whoever iterates, and time operators take a Clock.

extension Publisher {
  /// Combine's `receive(on:)`: unavailable, because Signal has no schedulers.
  ///
  /// Deliver on an actor by subscribing there instead:
  ///
  /// ```swift
  /// let subscription = feed.sink(on: MainActor.shared) { post in show(post) }
  /// ```
  @available(
    *, unavailable,
    message:
      "Signal has no schedulers: deliver on an actor with sink(on: MainActor.shared) { … }, or iterate with for await in a task on that actor (see the ReceiveOn guide)"
  )
  public func receive<Scheduler>(on scheduler: Scheduler, options: (any Sendable)? = nil) -> Self {
    fatalError("unavailable")
  }

  /// Combine's `subscribe(on:)`: unavailable, because Signal has no schedulers.
  ///
  /// The upstream's work runs in the task that iterates (or in the tasks an operator starts):
  ///
  /// ```swift
  /// Task { @MainActor in for await post in feed { show(post) } }
  /// ```
  @available(
    *, unavailable,
    message:
      "Signal has no schedulers: a publisher runs in the task that iterates it; start that task where the work belongs (Task { … }, or sink(on:) for an actor)"
  )
  public func subscribe<Scheduler>(on scheduler: Scheduler, options: (any Sendable)? = nil) -> Self {
    fatalError("unavailable")
  }

  /// Combine's `debounce(for:scheduler:)`: unavailable; Signal's takes a `Clock`.
  ///
  /// ```swift
  /// let settled = queries.debounce(for: .milliseconds(300))  // ContinuousClock; a TestClock in tests
  /// ```
  @available(
    *, unavailable,
    message: "Signal's debounce takes a Clock, not a scheduler: debounce(for: .milliseconds(300), clock: clock)"
  )
  public func debounce<Scheduler>(
    for dueTime: Duration, scheduler: Scheduler, options: (any Sendable)? = nil
  ) -> Self {
    fatalError("unavailable")
  }

  /// Combine's `debounce(for:scheduler:)` with a scheduler's own stride or a literal: unavailable, as above.
  @available(
    *, unavailable,
    message: "Signal's debounce takes a Clock, not a scheduler: debounce(for: .milliseconds(300), clock: clock)"
  )
  public func debounce<Interval, Scheduler>(
    for dueTime: Interval, scheduler: Scheduler, options: (any Sendable)? = nil
  ) -> Self {
    fatalError("unavailable")
  }

  /// Combine's `throttle(for:scheduler:latest:)`: unavailable; Signal's takes a `Clock`.
  ///
  /// ```swift
  /// let sampled = positions.throttle(for: .milliseconds(100), latest: true)
  /// ```
  @available(
    *, unavailable,
    message:
      "Signal's throttle takes a Clock, not a scheduler: throttle(for: .milliseconds(100), clock: clock, latest: true)"
  )
  public func throttle<Scheduler>(for interval: Duration, scheduler: Scheduler, latest: Bool) -> Self {
    fatalError("unavailable")
  }

  /// Combine's `throttle(for:scheduler:latest:)` with a scheduler's own stride or a literal: unavailable, as above.
  @available(
    *, unavailable,
    message:
      "Signal's throttle takes a Clock, not a scheduler: throttle(for: .milliseconds(100), clock: clock, latest: true)"
  )
  public func throttle<Interval, Scheduler>(for interval: Interval, scheduler: Scheduler, latest: Bool) -> Self {
    fatalError("unavailable")
  }

  /// Combine's `delay(for:scheduler:)`: unavailable; Signal's takes a `Clock`.
  ///
  /// ```swift
  /// let later = events.delay(for: .seconds(1))
  /// ```
  @available(
    *, unavailable,
    message: "Signal's delay takes a Clock, not a scheduler: delay(for: .seconds(1), clock: clock)"
  )
  public func delay<Scheduler>(
    for interval: Duration, tolerance: Duration? = nil, scheduler: Scheduler, options: (any Sendable)? = nil
  ) -> Self {
    fatalError("unavailable")
  }

  /// Combine's `delay(for:scheduler:)` with a scheduler's own stride or a literal: unavailable, as above.
  @available(
    *, unavailable,
    message: "Signal's delay takes a Clock, not a scheduler: delay(for: .seconds(1), clock: clock)"
  )
  public func delay<Interval, Scheduler>(
    for interval: Interval, tolerance: Interval? = nil, scheduler: Scheduler, options: (any Sendable)? = nil
  ) -> Self {
    fatalError("unavailable")
  }

  /// Combine's `timeout(_:scheduler:)`: unavailable; Signal's takes a `Clock`.
  ///
  /// ```swift
  /// let bounded = response.timeout(.seconds(5), customError: { .timedOut })
  /// ```
  @available(
    *, unavailable,
    message: "Signal's timeout takes a Clock, not a scheduler: timeout(.seconds(5), clock: clock, customError: { … })"
  )
  public func timeout<Scheduler>(
    _ interval: Duration, scheduler: Scheduler, options: (any Sendable)? = nil,
    customError: (@Sendable () -> Failure)? = nil
  ) -> Self {
    fatalError("unavailable")
  }

  /// Combine's `timeout(_:scheduler:)` with a scheduler's own stride or a literal: unavailable, as above.
  @available(
    *, unavailable,
    message: "Signal's timeout takes a Clock, not a scheduler: timeout(.seconds(5), clock: clock, customError: { … })"
  )
  public func timeout<Interval, Scheduler>(
    _ interval: Interval, scheduler: Scheduler, options: (any Sendable)? = nil,
    customError: (@Sendable () -> Failure)? = nil
  ) -> Self {
    fatalError("unavailable")
  }
}
