/// Runs one subscription to a time operator: one task per subscription, in which one child
/// pumps upstream into the operator's ``TimedLogic`` and another sleeps on the clock until
/// the logic's deadline. The consumer takes what the logic emits.
///
/// The upstream is subscribed when the storage is made (by the operator's
/// `makeAsyncIterator()`); the task starts on the first demand. The pump reads ahead only
/// while the values waiting for the consumer plus the logic's backlog are under the buffer
/// limit, so a slow consumer slows upstream down. When the subscription ends (upstream
/// finished and no timed work is left, upstream failed, a timeout, or the consumer cancelled
/// or dropped its iterator) the task is cancelled, which ends the upstream iteration and the
/// clock sleep; nothing outlives the subscription.
///
/// Per upstream value the pump reads the clock once and takes the lock once: receiving the
/// value and deciding on the next request are one step of the state machine.
@usableFromInline
final class TimedStorage<Upstream: Publisher, C: Clock, Logic: TimedLogic>: SubscriptionStorage
where Upstream.Output: Sendable, Logic.Input == Upstream.Output, Logic.Instant == C.Instant {
  @usableFromInline typealias Failure = Upstream.Failure
  @usableFromInline typealias StateMachine = TimedStateMachine<Logic, Failure>

  @usableFromInline let upstream: UpstreamSubscription<Upstream>
  @usableFromInline let clock: C
  @usableFromInline let tolerance: C.Duration?
  @usableFromInline let timeoutCompletion: @Sendable () -> Completion<Failure>
  @usableFromInline let state: Lock<StateMachine>
  @usableFromInline let census = Census()

  /// Subscribes to `upstream` now.
  ///
  /// - Parameters:
  ///   - bufferLimit: how many values may wait for the consumer or in the logic's backlog
  ///     before the pump stops reading upstream.
  ///   - timeoutCompletion: how the stream ends when the logic reports a timeout.
  @inlinable
  init(
    upstream: Upstream,
    clock: C,
    tolerance: C.Duration?,
    logic: sending Logic,
    bufferLimit: Int = 1,
    timeoutCompletion: @escaping @Sendable () -> Completion<Failure> = { .finished }
  ) {
    self.upstream = UpstreamSubscription(subscribingTo: upstream)
    self.clock = clock
    self.tolerance = tolerance
    self.timeoutCompletion = timeoutCompletion
    state = Lock(StateMachine(logic: logic, bufferLimit: bufferLimit))
  }

  deinit {
    census.objectDestroyed()
  }

  @usableFromInline
  var upstreams: [any ReleasableSubscription] { [upstream] }

  // MARK: The consumer

  /// The next value; `nil` at the end of the stream or when the calling task is cancelled.
  @inlinable
  func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Logic.Output? {
    while true {
      switch state.withLock({ $0.next(isCancelled: Task.isCancelled) }) {
      case .startTask:
        spawn({ await $0.run() }) { $0.adopt($1) }
      case .deliver(let value, let wakeups):
        wake(wakeups)
        return value
      case .wait(let wakeups):
        wake(wakeups)
        await parkCancellingSubscription((), isolation: actor) { $0.parkConsumer($1) }
      case .end(let ending, let effects):
        perform(effects)
        switch ending {
        case .finished, .cancelled:
          return nil
        case .failure(let error):
          throw error
        case .timedOut:
          guard case .failure(let error) = timeoutCompletion() else { return nil }
          throw error
        }
      }
    }
  }

  // MARK: The subscription's task

  @inlinable
  func run() async {
    await withDiscardingTaskGroup { group in
      group.addTask { await self.pumpUpstream() }
      group.addTask { await self.runTimer() }
    }
  }

  @inlinable
  func pumpUpstream() async {
    // `nil`: the subscription ended before its task ran, and released the upstream.
    guard var iterator = upstream.take() else { return }
    let start = clock.now
    var step = state.withLock { $0.start(at: start) }
    while true {
      switch step {
      case .stop(let effects):
        perform(effects)
        return
      case .wait(let effects):
        perform(effects)
        await park(isolation: nil) { $0.parkPump($1) }
        if Task.isCancelled { return }
        let now = clock.now
        step = state.withLock { $0.prepareRequest(at: now) }
        continue
      case .request(let effects):
        perform(effects)
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

  @inlinable
  func runTimer() async {
    while true {
      switch state.withLock({ $0.timerStep() }) {
      case .stop:
        return
      case .wait:
        await park(isolation: nil) { $0.parkTimer($1) }
        if Task.isCancelled { return }
      case .sleep(let deadline):
        do {
          try await clock.sleep(until: deadline, tolerance: tolerance)
        } catch {
          return  // cancelled: the subscription is over
        }
        let now = clock.now
        perform(state.withLock { $0.timerFired(at: now) })
      }
    }
  }
}
