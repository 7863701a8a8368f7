/// The state of one ``Publishers/Create`` subscription: the subscriber's bounded buffer, the
/// parked consumer, the senders parked (with their values) while a `.suspend` buffer is full,
/// the source's completion, its task and its cleanup.
///
/// Invariant: senders are parked only while the buffer is full or has not yet drained to half
/// since it was, and the consumer only while it is empty. Once the consumer has taken the buffer
/// down to half, the parked senders' values are admitted at once, in the order the senders came,
/// as many as fit: so senders get in in order, the buffer never holds more than its capacity, and
/// a sender that outruns its consumer is woken once per half buffer, not once per value.
struct CreateStateMachine<Output: Sendable, Failure: Error>: SubscriptionStateMachine {
  struct ParkedSender {
    let ticket: Int
    let value: Output
    let waiter: Waiter
  }

  enum Phase {
    /// No demand yet: the source's body has not started.
    case idle
    /// The body has started (its task, once adopted).
    case running(Task<Void, Never>?)
    /// The subscriber went away, or took the completion: nothing is accepted any more.
    case ended
  }

  let policy: BufferingPolicy
  private(set) var phase = Phase.idle
  private var buffer: RingBuffer<Output>
  private var consumer: Waiter?
  private var senders: [ParkedSender] = []
  /// What happened to parked senders that were woken, by ticket; each takes its own.
  private var results: [Int: CreateSendResult] = [:]
  private var nextTicket = 0
  /// The source finished or failed; delivered after the buffered values.
  private var completion: Completion<Failure>?
  private var cancelHandlers: [CancelHandler] = []

  init(policy: BufferingPolicy) {
    self.policy = policy
    buffer = RingBuffer(minimumCapacity: Swift.min(policy.capacity, 64))
  }

  /// How many values wait for the consumer (never more than the policy's capacity).
  var bufferedCount: Int { buffer.count }
  /// How many senders wait for room.
  var parkedSenderCount: Int { senders.count }

  /// Whether values are still accepted.
  var isAccepting: Bool {
    if case .ended = phase { return false }
    return completion == nil
  }

  // MARK: Consumer

  enum NextAction {
    /// Return the value; wake the admitted sender.
    case value(Output, Effects)
    /// The stream is over: the completion (`nil` after a cancellation); cancel the body's task.
    case end(Completion<Failure>?, Effects)
    /// First demand: start the body, then park.
    case start
    /// Wait for a value or the completion.
    case park
  }

  mutating func next() -> NextAction {
    if let value = buffer.popFirst() {
      guard !senders.isEmpty, buffer.count <= policy.capacity / 2 else { return .value(value, Effects()) }
      var effects = Effects()
      var admitted = 0
      while admitted < senders.count, buffer.count < policy.capacity {
        let sender = senders[admitted]
        buffer.append(sender.value)
        results[sender.ticket] = .enqueued
        effects.wake(sender.waiter)
        admitted += 1
      }
      senders.removeFirst(admitted)
      return .value(value, effects)
    }
    switch phase {
    case .ended:
      return .end(nil, Effects())
    case .idle:
      if completion == nil {
        phase = .running(nil)
        return .start
      }
    case .running:
      break
    }
    guard let completion else { return .park }
    var effects = Effects()
    if case .running(let task) = phase { effects.cancel(task) }
    phase = .ended
    cancelHandlers.removeAll()
    return .end(completion, effects)
  }

  /// Parks the consumer unless a value or the end is already there.
  mutating func parkConsumer(_ waiter: Waiter) -> Bool {
    guard buffer.isEmpty, completion == nil, case .running = phase else { return false }
    consumer = waiter
    return true
  }

  /// The body's task; `false` (cancel it) if the subscription has already ended.
  mutating func adopt(_ task: Task<Void, Never>) -> Bool {
    guard case .running = phase else { return false }
    phase = .running(task)
    return true
  }

  // MARK: Source

  /// Offers `value` without waiting.
  mutating func trySend(_ value: Output) -> (CreateSendResult, Effects) {
    guard isAccepting else { return (.terminated, Effects()) }
    if buffer.count < policy.capacity, senders.isEmpty {
      buffer.append(value)
      let effects = Effects(waking: consumer.take())
      return (.enqueued, effects)
    }
    switch policy {
    case .suspend:
      return (.full, Effects())
    case .dropNewest:
      return (.dropped, Effects())
    case .dropOldest:
      _ = buffer.popFirst()
      buffer.append(value)
      return (.dropped, Effects())
    }
  }

  mutating func makeTicket() -> Int {
    nextTicket += 1
    return nextTicket
  }

  /// Parks a sender with its value while the buffer is full (or senders before it wait for it
  /// to drain); `false` (do not wait) if it would be taken now or the stream is over, so the
  /// sender looks again.
  mutating func parkSender(ticket: Int, value: Output, _ waiter: Waiter) -> Bool {
    guard isAccepting, buffer.count >= policy.capacity || !senders.isEmpty else { return false }
    senders.append(ParkedSender(ticket: ticket, value: value, waiter: waiter))
    return true
  }

  /// What happened to a woken sender's value; `nil` if it was not decided (its task was
  /// cancelled, or there was room again).
  mutating func takeResult(ticket: Int) -> CreateSendResult? {
    results.removeValue(forKey: ticket)
  }

  /// A parked sender's task was cancelled: it stops waiting, its value not taken.
  mutating func cancelSender(ticket: Int) -> Effects {
    guard let index = senders.firstIndex(where: { $0.ticket == ticket }) else { return Effects() }
    return Effects(waking: senders.remove(at: index).waiter)
  }

  /// The source finished or failed: the consumer gets the completion after the buffered values;
  /// parked senders are refused.
  mutating func complete(_ completion: Completion<Failure>) -> Effects {
    guard isAccepting else { return Effects() }
    self.completion = completion
    cancelHandlers.removeAll()
    var effects = Effects(waking: consumer.take())
    effects.wake(refuseSenders())
    return effects
  }

  /// Registers cleanup for a cancellation. Returns it to run at once if the subscriber is
  /// already gone; drops it if the source has already completed.
  mutating func onCancel(_ handler: CancelHandler) -> CancelHandler? {
    if case .ended = phase, completion == nil { return handler }
    guard isAccepting else { return nil }
    cancelHandlers.append(handler)
    return nil
  }

  /// The subscriber went away: discard the buffer, wake everyone, cancel the body's task and
  /// run the cleanup (unless the source had already finished or failed).
  mutating func cancel(_ subscriber: Void) -> Effects {
    var effects = Effects(waking: consumer.take())
    if case .running(let task) = phase { effects.cancel(task) }
    if case .ended = phase { return effects }
    phase = .ended
    buffer.removeAll()
    effects.wake(refuseSenders())
    for handler in cancelHandlers { effects.release(handler) }
    cancelHandlers.removeAll()
    return effects
  }

  private mutating func refuseSenders() -> [Waiter] {
    defer { senders.removeAll() }
    for sender in senders { results[sender.ticket] = .terminated }
    return senders.map(\.waiter)
  }
}
