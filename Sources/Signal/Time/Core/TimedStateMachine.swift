/// The shared state of one subscription to a time operator: the operator's rules, the
/// values waiting for the consumer, and the three parties that take turns (the consumer,
/// the task pumping upstream, the timer task). Every event returns an action that the
/// storage performs after releasing the lock; a parked party is woken with no payload and
/// asks again.
@usableFromInline
struct TimedStateMachine<Logic: TimedLogic, Failure: Error>: SubscriptionStateMachine {
  @usableFromInline typealias Output = Logic.Output
  @usableFromInline typealias Instant = Logic.Instant

  @usableFromInline
  enum Phase: Sendable {
    case idle
    case running
    case upstreamFinished
    case ended(TimedEnding<Failure>)
    /// The ending was handed to the consumer; every later request gets `nil`.
    case done
  }

  @usableFromInline var logic: Logic
  @usableFromInline var outputs = TimedOutputs<Output>()
  @usableFromInline var phase = Phase.idle
  @usableFromInline let bufferLimit: Int
  @usableFromInline var consumer: Waiter?
  @usableFromInline var pump: Waiter?
  @usableFromInline var timer: Waiter?
  @usableFromInline var task: Task<Void, Never>?

  @inlinable
  init(logic: Logic, bufferLimit: Int) {
    self.logic = logic
    self.bufferLimit = Swift.max(1, bufferLimit)
  }

  @inlinable
  var hasEnded: Bool {
    switch phase {
    case .ended, .done: return true
    case .idle, .running, .upstreamFinished: return false
    }
  }

  @inlinable
  var isFull: Bool {
    outputs.count + logic.backlog >= bufferLimit
  }

  // MARK: The consumer

  @usableFromInline
  enum ConsumerStep {
    /// The first demand: start the subscription's task (``adopt(_:)``), then ask again.
    case startTask
    /// Return this value after waking these parties.
    case deliver(Output, Wakeups)
    /// The stream is over: perform these effects, then end as `TimedEnding` says.
    case end(TimedEnding<Failure>, Effects)
    /// Nothing yet: wake these parties, then park (``parkConsumer(_:)``) and ask again.
    case wait(Wakeups)
  }

  /// The consumer asks for the next value. `isCancelled` is read under the lock, so a
  /// cancellation that ran before the consumer parked cannot leave it parked.
  @inlinable
  mutating func next(isCancelled: Bool) -> ConsumerStep {
    if isCancelled {
      let effects = end(.cancelled)
      phase = .done
      return .end(.cancelled, effects)
    }
    if case .idle = phase {
      phase = .running
      return .startTask
    }
    if let value = outputs.popFirst() {
      return .deliver(value, settle().wakeups)
    }
    let effects = settle()
    switch phase {
    case .ended(let ending):
      phase = .done
      return .end(ending, effects)
    case .done:
      return .end(.finished, effects)
    case .idle, .running, .upstreamFinished:
      return .wait(effects.wakeups)
    }
  }

  /// Parks the consumer; `false` (ask again at once) when a value or the end is there.
  @inlinable
  mutating func parkConsumer(_ waiter: Waiter) -> Bool {
    guard outputs.count == 0, !hasEnded else { return false }
    consumer = waiter
    return true
  }

  /// Keeps the subscription's task so that its end cancels it.
  @inlinable
  mutating func adopt(_ task: Task<Void, Never>) -> Bool {
    guard !hasEnded else { return false }
    self.task = task
    return true
  }

  /// The consumer's task was cancelled or its iterator dropped.
  @inlinable
  mutating func cancel(_ subscriber: Void) -> Effects {
    end(.cancelled)
  }

  // MARK: The upstream pump

  /// What the pump does once it has performed the effects.
  @usableFromInline
  enum PumpStep {
    /// Ask upstream for the next value.
    case request(Effects)
    /// Wait (``parkPump(_:)``) until the consumer has taken some values.
    case wait(Effects)
    /// The subscription is over: stop reading upstream.
    case stop(Effects)
  }

  /// The pump starts reading upstream at `now` and makes its first request.
  @inlinable
  mutating func start(at now: Instant) -> PumpStep {
    logic.start(at: now)
    return request(at: now, after: settle())
  }

  /// The pump, woken after waiting for room, asks again whether it may request.
  @inlinable
  mutating func prepareRequest(at now: Instant) -> PumpStep {
    request(at: now, after: Effects())
  }

  /// Parks the pump; `false` (ask again at once) when there is room or the stream is over.
  @inlinable
  mutating func parkPump(_ waiter: Waiter) -> Bool {
    guard !hasEnded, isFull else { return false }
    pump = waiter
    return true
  }

  /// Upstream produced `input` at `now`; the pump's next request follows in the same
  /// step, at the same instant, so each value costs one lock acquisition and one clock read.
  @inlinable
  mutating func receive(_ input: Logic.Input, at now: Instant) -> PumpStep {
    guard !hasEnded else { return .stop(Effects()) }
    advanceIfDue(to: now)
    // A timeout due at or before this value fired first: the value is too late.
    if !outputs.timedOut { logic.receive(input, at: now, into: &outputs) }
    return request(at: now, after: settle())
  }

  @inlinable
  mutating func upstreamFinished(at now: Instant) -> Effects {
    guard !hasEnded else { return Effects() }
    advanceIfDue(to: now)
    if !outputs.timedOut {
      logic.finish(at: now, into: &outputs)
      phase = .upstreamFinished
    }
    return settle()
  }

  /// Upstream failed: values already emitted are still delivered, then the failure; what
  /// the rules were holding back is discarded.
  @inlinable
  mutating func upstreamFailed(_ error: Failure) -> Effects {
    guard !hasEnded else { return Effects() }
    return end(.failure(error))
  }

  /// Whether the pump may ask upstream for another value now. Checked after `earlier` was
  /// settled, so values it hands to the consumer no longer count against the buffer.
  @inlinable
  mutating func request(at now: Instant, after earlier: Effects) -> PumpStep {
    if hasEnded { return .stop(earlier) }
    if isFull { return .wait(earlier) }
    logic.willRequest(at: now)
    var effects = earlier
    effects.merge(settle())
    return .request(effects)
  }

  // MARK: The timer

  @usableFromInline
  enum TimerStep {
    /// Sleep until this deadline, then ``timerFired(at:)``.
    case sleep(until: Instant)
    /// No deadline: park (``parkTimer(_:)``) and ask again when woken.
    case wait
    /// The subscription is over.
    case stop
  }

  @inlinable
  func timerStep() -> TimerStep {
    if hasEnded { return .stop }
    guard let deadline = logic.deadline else { return .wait }
    return .sleep(until: deadline)
  }

  /// Parks the timer; `false` (ask again at once) when there is a deadline or the stream is over.
  @inlinable
  mutating func parkTimer(_ waiter: Waiter) -> Bool {
    guard !hasEnded, logic.deadline == nil else { return false }
    timer = waiter
    return true
  }

  @inlinable
  mutating func timerFired(at now: Instant) -> Effects {
    guard !hasEnded else { return Effects() }
    advanceIfDue(to: now)
    return settle()
  }

  // MARK: Shared steps

  @inlinable
  mutating func advanceIfDue(to now: Instant) {
    if let deadline = logic.deadline, deadline <= now {
      logic.advance(to: now, into: &outputs)
    }
  }

  @inlinable
  mutating func end(_ ending: TimedEnding<Failure>) -> Effects {
    switch phase {
    case .ended(.cancelled), .done:
      return settle()
    case .ended:
      // A cancellation overrides an ending not yet delivered; nothing else does.
      guard case .cancelled = ending else { return settle() }
    case .idle, .running, .upstreamFinished:
      break
    }
    phase = .ended(ending)
    if case .cancelled = ending { outputs.removeAll() }
    return settle()
  }

  /// Brings the parties up to date with the state: wakes the consumer when a value or the
  /// end is there, the pump when there is room, the timer when there is a deadline, and
  /// everybody (cancelling the task) once the subscription has ended.
  @inlinable
  mutating func settle() -> Effects {
    var effects = Effects()
    if !hasEnded {
      if outputs.timedOut {
        phase = .ended(.timedOut)
      } else if case .upstreamFinished = phase, logic.deadline == nil {
        phase = .ended(.finished)
      }
    }
    if consumer != nil, outputs.count > 0 || hasEnded { effects.wake(consumer.take()) }
    if pump != nil, hasEnded || !isFull { effects.wake(pump.take()) }
    if timer != nil, hasEnded || logic.deadline != nil { effects.wake(timer.take()) }
    if hasEnded { effects.cancel(task.take()) }
    return effects
  }
}
