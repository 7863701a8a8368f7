/// Runs one subscription to a time operator: one task per subscription, in which one child
/// pumps upstream into the operator's ``TimedLogic`` and another sleeps on the clock until
/// the logic's deadline. The consumer takes what the logic emits.
///
/// The pump reads ahead only while the values waiting for the consumer plus the logic's
/// backlog are under the buffer limit, so a slow consumer slows upstream down. When the
/// subscription ends (upstream finished and no timed work is left, upstream failed, a
/// timeout, or the consumer cancelled or dropped its iterator) the task is cancelled, which
/// ends the upstream iteration and the clock sleep; nothing outlives the subscription.
///
/// Per upstream value the pump reads the clock once and takes the lock once: receiving the
/// value and deciding on the next request are one step of the state machine.
@usableFromInline
final class TimedStorage<Upstream: Publisher, C: Clock, Logic: TimedLogic>: Sendable
where Upstream.Output: Sendable, Logic.Input == Upstream.Output, Logic.Instant == C.Instant {
  @usableFromInline typealias Failure = Upstream.Failure
  @usableFromInline typealias Machine = TimedStateMachine<Logic, Failure>

  @usableFromInline let upstream: Upstream
  @usableFromInline let clock: C
  @usableFromInline let tolerance: C.Duration?
  @usableFromInline let timeoutCompletion: @Sendable () -> Completion<Failure>
  @usableFromInline let state: Lock<Machine>
  @usableFromInline let census: TimedCensus

  /// - Parameters:
  ///   - bufferLimit: how many values may wait for the consumer or in the logic's backlog
  ///     before the pump stops reading upstream.
  ///   - timeoutCompletion: how the stream ends when the logic reports a timeout.
  @usableFromInline
  init(
    upstream: Upstream,
    clock: C,
    tolerance: C.Duration?,
    logic: sending Logic,
    bufferLimit: Int = 1,
    timeoutCompletion: @escaping @Sendable () -> Completion<Failure> = { .finished }
  ) {
    self.upstream = upstream
    self.clock = clock
    self.tolerance = tolerance
    self.timeoutCompletion = timeoutCompletion
    state = Lock(Machine(logic: logic, bufferLimit: bufferLimit))
    census = TimedCensus()
  }

  deinit {
    census.objectDestroyed()
  }

  // MARK: The consumer

  /// The next value; `nil` at the end of the stream or when the calling task is cancelled.
  @inlinable
  func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Logic.Output? {
    let delivery = await withTaskCancellationHandler {
      await withUnsafeContinuation(isolation: actor) { (consumer: Machine.Consumer) in
        let action = state.withLock { machine in
          switch machine.next(consumer, isCancelled: Task.isCancelled) {
          case .perform(let action):
            return action
          case .startTask(var action):
            // Started under the lock so that a cancellation cannot slip in before the
            // task is recorded; the task itself runs only after the lock is released.
            action.merge(machine.taskStarted(startTask()))
            return action
          }
        }
        perform(action)
      }
    } onCancel: {
      perform(state.withLock { $0.cancel() })
    }
    switch delivery {
    case .value(let value):
      return value
    case .end(.finished), .end(.cancelled):
      return nil
    case .end(.failure(let error)):
      throw error
    case .end(.timedOut):
      guard case .failure(let error) = timeoutCompletion() else { return nil }
      throw error
    }
  }

  /// The consumer's iterator went away: end the subscription.
  @inlinable
  func cancel() {
    perform(state.withLock { $0.cancel() })
  }

  // MARK: The subscription's task

  @inlinable
  func startTask() -> Task<Void, Never> {
    Task {
      await withDiscardingTaskGroup { group in
        group.addTask { await self.pumpUpstream() }
        group.addTask { await self.runTimer() }
      }
    }
  }

  @inlinable
  func pumpUpstream() async {
    let start = clock.now
    var step = state.withLock { $0.start(at: start) }
    var iterator = upstream.makeAsyncIterator()
    while true {
      perform(step.action)
      switch step.next {
      case .request:
        break
      case .stop:
        return
      case .wait:
        guard await waitForRoom() else { return }
        let now = clock.now
        step = state.withLock { $0.prepareRequest(at: now) }
        continue
      }
      do throws(Failure) {
        guard let value = try await iterator.next(isolation: nil) else {
          let now = clock.now
          perform(state.withLock { $0.upstreamFinished(at: now) })
          return
        }
        let now = clock.now
        step = state.withLock { $0.receive(value, at: now) }
      } catch {
        perform(state.withLock { $0.upstreamFailed(error) })
        return
      }
    }
  }

  /// Parks the pump until the consumer has made room; `false` once the subscription is over.
  @inlinable
  func waitForRoom() async -> Bool {
    await withUnsafeContinuation { (pump: Machine.Pump) in
      perform(state.withLock { $0.parkPump(pump) })
    }
  }

  @inlinable
  func runTimer() async {
    while let deadline = await armedDeadline() {
      do {
        try await clock.sleep(until: deadline, tolerance: tolerance)
      } catch {
        return  // cancelled: the subscription is over
      }
      let now = clock.now
      perform(state.withLock { $0.timerFired(at: now) })
    }
  }

  /// The logic's deadline, waiting until there is one; `nil` once the subscription is over.
  @inlinable
  func armedDeadline() async -> C.Instant? {
    let armed = await withUnsafeContinuation { (timer: Machine.Timer) in
      perform(state.withLock { $0.parkTimer(timer) })
    }
    guard armed else { return nil }
    return state.withLock { $0.takeArmedDeadline() }
  }

  @inlinable
  func perform(_ action: Machine.Action) {
    if action.parkedDelta != 0 { census.continuationsParked(action.parkedDelta) }
    action.taskToCancel?.cancel()
    if let (pump, goOn) = action.pump { pump.resume(returning: goOn) }
    if let (timer, armed) = action.timer { timer.resume(returning: armed) }
    if let (consumer, delivery) = action.consumer { consumer.resume(returning: delivery) }
  }
}

/// Owned by a time operator's iterator: ends the subscription when the iterator goes away,
/// even if the consumer never cancels (for example after `break` in a `for await` loop).
@usableFromInline
final class TimedSubscription<Upstream: Publisher, C: Clock, Logic: TimedLogic>: Sendable
where Upstream.Output: Sendable, Logic.Input == Upstream.Output, Logic.Instant == C.Instant {
  @usableFromInline let storage: TimedStorage<Upstream, C, Logic>

  @usableFromInline
  init(_ storage: TimedStorage<Upstream, C, Logic>) {
    self.storage = storage
  }

  deinit {
    storage.cancel()
  }

  @inlinable
  func next(isolation actor: isolated (any Actor)?) async throws(Upstream.Failure) -> Logic.Output? {
    try await storage.next(isolation: actor)
  }
}

/// A timed storage's report to Signal's ``Census``: a non-generic, not inlined door to it,
/// so the inlined per-value paths need none of the census's internals.
@usableFromInline
struct TimedCensus: Sendable {
  let scope: CensusScope?

  @usableFromInline
  init() {
    scope = Census.objectCreated()
  }

  @usableFromInline
  func objectDestroyed() {
    scope.objectDestroyed()
  }

  /// `delta` continuations parked (positive) or resumed (negative).
  @usableFromInline
  func continuationsParked(_ delta: Int) {
    if delta > 0 {
      for _ in 0..<delta { scope.continuationParked() }
    } else {
      scope.continuationResumed(-delta)
    }
  }
}
