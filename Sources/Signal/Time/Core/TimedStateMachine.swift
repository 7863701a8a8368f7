/// How a timed subscription ended.
@usableFromInline
enum TimedEnding<Failure: Error>: Sendable {
  case finished
  case failure(Failure)
  /// A timer ran out (timeout); the operator decides what that means.
  case timedOut
  /// The consumer cancelled or dropped its iterator.
  case cancelled
}

/// The shared state of one subscription to a time operator: the operator's rules, the
/// values waiting for the consumer, and the three parties that take turns (the consumer,
/// the task pumping upstream, the timer task). Every event returns a ``TimedAction`` that
/// the storage performs after releasing the lock.
@usableFromInline
struct TimedStateMachine<Logic: TimedLogic, Failure: Error> {
  @usableFromInline typealias Output = Logic.Output
  @usableFromInline typealias Instant = Logic.Instant
  @usableFromInline typealias Consumer = UnsafeContinuation<TimedDelivery<Output, Failure>, Never>
  @usableFromInline typealias Pump = UnsafeContinuation<Bool, Never>
  /// Resumed with `true` once a deadline is armed (see ``takeArmedDeadline()``), `false`
  /// once the subscription is over.
  @usableFromInline typealias Timer = UnsafeContinuation<Bool, Never>
  @usableFromInline typealias Action = TimedAction<Output, Failure>

  @usableFromInline
  enum Phase {
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
  @usableFromInline var consumer: Consumer?
  @usableFromInline var pump: Pump?
  @usableFromInline var timer: Timer?
  /// The deadline handed to the timer when it was last woken. It travels through the
  /// machine, not the action, so that actions hold no `Instant`: a clock's instant may be a
  /// resilient type (`ContinuousClock.Instant` is), and a value that contains one is copied
  /// and destroyed through runtime metadata, which cost more than the rest of a value's trip.
  @usableFromInline var armedDeadline: Instant?
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
  enum NextAction {
    /// Start the subscription's task, then hand it to ``taskStarted(_:)``.
    case startTask(Action)
    case perform(Action)
  }

  /// The consumer asks for the next value. `isCancelled` is read under the lock, so a
  /// cancellation that ran before the consumer parked cannot leave it parked.
  @inlinable
  mutating func next(_ continuation: Consumer, isCancelled: Bool) -> NextAction {
    if isCancelled {
      var action = end(.cancelled)
      action.consumer = (continuation, .end(.cancelled))
      return .perform(action)
    }
    consumer = continuation
    var action = Action(parkedDelta: 1)
    if case .idle = phase {
      phase = .running
      action.merge(settle())
      return .startTask(action)
    }
    action.merge(settle())
    return .perform(action)
  }

  /// Keeps the task so that ending the subscription can cancel it.
  @inlinable
  mutating func taskStarted(_ task: Task<Void, Never>) -> Action {
    if hasEnded { return Action(taskToCancel: task) }
    self.task = task
    return Action()
  }

  /// The consumer's task was cancelled or its iterator dropped.
  @inlinable
  mutating func cancel() -> Action {
    end(.cancelled)
  }

  // MARK: The upstream pump

  /// What the pump does once it has performed ``action``.
  @usableFromInline
  struct PumpStep {
    @usableFromInline
    enum Next {
      /// Ask upstream for the next value.
      case request
      /// Wait until the consumer has taken some values.
      case wait
      /// The subscription is over: stop reading upstream.
      case stop
    }

    @usableFromInline var action: Action
    @usableFromInline var next: Next

    @inlinable
    init(_ action: Action, then next: Next) {
      self.action = action
      self.next = next
    }
  }

  /// The pump starts reading upstream at `now` and makes its first request.
  @inlinable
  mutating func start(at now: Instant) -> PumpStep {
    logic.start(at: now)
    let started = settle()
    return request(at: now, after: started)
  }

  /// The pump, woken after waiting for room, asks again whether it may request.
  @inlinable
  mutating func prepareRequest(at now: Instant) -> PumpStep {
    request(at: now, after: Action())
  }

  @inlinable
  mutating func parkPump(_ continuation: Pump) -> Action {
    pump = continuation
    var action = Action(parkedDelta: 1)
    action.merge(settle())
    return action
  }

  /// Upstream produced `input` at `now`; the pump's next request follows in the same
  /// step, at the same instant, so each value costs one lock acquisition and one clock read.
  @inlinable
  mutating func receive(_ input: Logic.Input, at now: Instant) -> PumpStep {
    guard !hasEnded else { return PumpStep(Action(), then: .stop) }
    advanceIfDue(to: now)
    logic.receive(input, at: now, into: &outputs)
    let received = settle()
    return request(at: now, after: received)
  }

  @inlinable
  mutating func upstreamFinished(at now: Instant) -> Action {
    guard !hasEnded else { return Action() }
    advanceIfDue(to: now)
    logic.finish(at: now, into: &outputs)
    phase = .upstreamFinished
    return settle()
  }

  /// Upstream failed: values already emitted are still delivered, then the failure; what
  /// the rules were holding back is discarded.
  @inlinable
  mutating func upstreamFailed(_ error: Failure) -> Action {
    guard !hasEnded else { return Action() }
    return end(.failure(error))
  }

  /// Whether the pump may ask upstream for another value now. Checked after `earlier` was
  /// settled, so values it hands to the consumer no longer count against the buffer.
  @inlinable
  mutating func request(at now: Instant, after earlier: Action) -> PumpStep {
    if hasEnded { return PumpStep(earlier, then: .stop) }
    if isFull { return PumpStep(earlier, then: .wait) }
    logic.willRequest(at: now)
    var action = earlier
    action.merge(settle())
    return PumpStep(action, then: .request)
  }

  // MARK: The timer

  @inlinable
  mutating func parkTimer(_ continuation: Timer) -> Action {
    timer = continuation
    var action = Action(parkedDelta: 1)
    action.merge(settle())
    return action
  }

  /// The deadline the timer was woken for; it takes it once per wake-up.
  @inlinable
  mutating func takeArmedDeadline() -> Instant? {
    defer { armedDeadline = nil }
    return armedDeadline
  }

  @inlinable
  mutating func timerFired(at now: Instant) -> Action {
    guard !hasEnded else { return Action() }
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
  mutating func end(_ ending: TimedEnding<Failure>) -> Action {
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

  /// Brings the parties up to date with the state: hands the consumer what is ready,
  /// lets the pump go on when there is room, arms or stops the timer, and cancels the
  /// task once the subscription has ended.
  @inlinable
  mutating func settle() -> Action {
    var action = Action()
    if !hasEnded {
      if outputs.timedOut {
        phase = .ended(.timedOut)
      } else if case .upstreamFinished = phase, logic.deadline == nil {
        phase = .ended(.finished)
      }
    }
    if let waiting = consumer {
      if let value = outputs.popFirst() {
        consumer = nil
        action.consumer = (waiting, .value(value))
        action.parkedDelta -= 1
      } else if case .ended(let ending) = phase {
        consumer = nil
        phase = .done
        action.consumer = (waiting, .end(ending))
        action.parkedDelta -= 1
      } else if case .done = phase {
        consumer = nil
        action.consumer = (waiting, .end(.finished))
        action.parkedDelta -= 1
      }
    }
    if let waiting = pump, hasEnded || !isFull {
      pump = nil
      action.pump = (waiting, !hasEnded)
      action.parkedDelta -= 1
    }
    if let waiting = timer {
      if hasEnded {
        timer = nil
        action.timer = (waiting, false)
        action.parkedDelta -= 1
      } else if let deadline = logic.deadline {
        timer = nil
        armedDeadline = deadline
        action.timer = (waiting, true)
        action.parkedDelta -= 1
      }
    }
    if hasEnded, let running = task {
      task = nil
      action.taskToCancel = running
    }
    return action
  }
}

/// What the consumer receives from a timed subscription.
@usableFromInline
enum TimedDelivery<Output: Sendable, Failure: Error>: Sendable {
  case value(Output)
  case end(TimedEnding<Failure>)
}

/// Continuations to resume and a task to cancel, after the lock is released.
@usableFromInline
struct TimedAction<Output: Sendable, Failure: Error> {
  @usableFromInline
  var consumer: (UnsafeContinuation<TimedDelivery<Output, Failure>, Never>, TimedDelivery<Output, Failure>)?
  @usableFromInline var pump: (UnsafeContinuation<Bool, Never>, Bool)?
  @usableFromInline var timer: (UnsafeContinuation<Bool, Never>, Bool)?
  @usableFromInline var taskToCancel: Task<Void, Never>?
  /// Continuations parked minus parked continuations resumed, for the census.
  @usableFromInline var parkedDelta: Int

  @inlinable
  init(taskToCancel: Task<Void, Never>? = nil, parkedDelta: Int = 0) {
    self.taskToCancel = taskToCancel
    self.parkedDelta = parkedDelta
  }

  @inlinable
  mutating func merge(_ other: TimedAction) {
    if let consumer = other.consumer { self.consumer = consumer }
    if let pump = other.pump { self.pump = pump }
    if let timer = other.timer { self.timer = timer }
    if let task = other.taskToCancel { taskToCancel = task }
    parkedDelta += other.parkedDelta
  }
}
