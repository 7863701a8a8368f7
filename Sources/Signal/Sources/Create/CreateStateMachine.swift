/// The state of one ``Publishers/Create`` subscription: the subscriber's bounded buffer, the
/// parked consumer, the senders parked (with their values) while a `.suspend` buffer is full,
/// the source's completion, its task and its cleanup.
///
/// A `.suspend` buffer is handed to the consumer whole (``next(into:)``): its iterator returns the
/// batch without the lock, so a value costs the consumer no lock and the sender no contention with
/// it. The batch still counts against the capacity (``lent``) until the consumer reports the values
/// returned (``returned(_:)``), so the source never runs further ahead than the buffer allows.
/// `.dropOldest` / `.dropNewest` hand out one value at a time: their policy applies to every value
/// not yet returned.
///
/// Invariant: senders are parked only while the buffer (with what is lent) is full or has not yet
/// drained to half since it was, and the consumer only while it is empty. Once the consumer has
/// taken the buffer down to half, the parked senders' values are admitted at once, in the order
/// the senders came, as many as fit: so senders get in in order, the buffer never holds more than
/// its capacity, and a sender that outruns its consumer is woken once per half buffer, not once
/// per value.
@usableFromInline
struct CreateStateMachine<Output: Sendable, Failure: Error>: SubscriptionStateMachine {
  @usableFromInline
  struct ParkedSender: Sendable {
    @usableFromInline let ticket: Int
    @usableFromInline let value: Output
    @usableFromInline let waiter: Waiter

    @inlinable
    init(ticket: Int, value: Output, waiter: Waiter) {
      self.ticket = ticket
      self.value = value
      self.waiter = waiter
    }
  }

  @usableFromInline
  enum Phase: Sendable {
    /// No demand yet: the source's body has not started.
    case idle
    /// The body has started (its task, once adopted).
    case running(Task<Void, Never>?)
    /// The subscriber went away, or took the completion: nothing is accepted any more.
    case ended
  }

  @usableFromInline let policy: BufferingPolicy
  /// The policy's capacity.
  @usableFromInline let capacity: Int
  /// Whether the policy is `.suspend`: its buffer is handed to the consumer in batches.
  @usableFromInline let lendsBatches: Bool
  @usableFromInline var phase = Phase.idle
  @usableFromInline var buffer: RingBuffer<Output>
  /// Values of a `.suspend` buffer handed to the consumer in a batch and not yet reported returned:
  /// they still take room.
  @usableFromInline var lent = 0
  @usableFromInline var consumer: Waiter?
  @usableFromInline var senders: [ParkedSender] = []
  /// What happened to parked senders that were woken, by ticket; each takes its own.
  @usableFromInline var results: [Int: CreateSendResult] = [:]
  @usableFromInline var nextTicket = 0
  /// The source finished or failed; delivered after the buffered values.
  @usableFromInline var completion: Completion<Failure>?
  @usableFromInline var cancelHandlers: [CancelHandler] = []

  @usableFromInline
  init(policy: BufferingPolicy) {
    self.policy = policy
    capacity = policy.capacity
    if case .suspend = policy { lendsBatches = true } else { lendsBatches = false }
    buffer = RingBuffer(minimumCapacity: Swift.min(capacity, 64))
  }

  /// How many values wait for the consumer, in the buffer or in its batch (never more than the
  /// policy's capacity).
  @inlinable
  var bufferedCount: Int { buffer.count &+ lent }
  /// How many senders wait for room.
  var parkedSenderCount: Int { senders.count }

  /// Whether values are still accepted.
  @inlinable
  var isAccepting: Bool {
    if case .ended = phase { return false }
    return completion == nil
  }

  // MARK: Consumer

  @usableFromInline
  enum NextAction {
    /// Return the value (`.dropOldest` / `.dropNewest`: one at a time).
    case value(Output)
    /// The batch holds values (`.suspend`: the whole buffer); wake the admitted senders.
    case batch(Effects)
    /// The stream is over: the completion (`nil` after a cancellation); cancel the body's task.
    case end(Completion<Failure>?, Effects)
    /// First demand: start the body, then park.
    case start
    /// Wait for a value or the completion.
    case park
  }

  /// The consumer's next values: a `.suspend` buffer moves whole into the empty `batch` (lent
  /// until ``returned(_:)``); another policy's first value is returned alone.
  @inlinable
  mutating func next(into batch: inout RingBuffer<Output>) -> NextAction {
    if let first = buffer.first {
      guard lendsBatches else {
        _ = buffer.popFirst()
        return .value(first)
      }
      lent &+= buffer.count
      swap(&buffer, &batch)
      return .batch(admitSenders())
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

  /// The consumer returned `count` values of its batch: their room is free again; returns the
  /// admitted senders to wake. Once the subscription has ended nothing is lent any more.
  @inlinable
  mutating func returned(_ count: Int) -> Effects {
    if case .ended = phase { return Effects() }
    lent &-= count
    return admitSenders()
  }

  /// Once the buffer is down to half, moves the parked senders' values in, in order, as many as fit.
  @inlinable
  mutating func admitSenders() -> Effects {
    guard !senders.isEmpty, bufferedCount <= capacity / 2 else { return Effects() }
    return admitSendersNow()
  }

  @usableFromInline
  mutating func admitSendersNow() -> Effects {
    var effects = Effects()
    var admitted = 0
    while admitted < senders.count, bufferedCount < capacity {
      let sender = senders[admitted]
      buffer.append(sender.value)
      results[sender.ticket] = .enqueued
      effects.wake(sender.waiter)
      admitted += 1
    }
    senders.removeFirst(admitted)
    return effects
  }

  /// Parks the consumer unless a value or the end is already there.
  @inlinable
  mutating func parkConsumer(_ waiter: Waiter) -> Bool {
    guard buffer.isEmpty, completion == nil, case .running = phase else { return false }
    consumer = waiter
    return true
  }

  /// The body's task; `false` (cancel it) if the subscription has already ended.
  @usableFromInline
  mutating func adopt(_ task: Task<Void, Never>) -> Bool {
    guard case .running = phase else { return false }
    phase = .running(task)
    return true
  }

  // MARK: Source

  /// Offers `value` without waiting; returns what happened and the consumer to wake.
  @inlinable
  mutating func trySend(_ value: Output) -> (CreateSendResult, Waiter?) {
    guard isAccepting else { return (.terminated, nil) }
    if bufferedCount < capacity, senders.isEmpty {
      buffer.append(value)
      return (.enqueued, consumer.take())
    }
    switch policy {
    case .suspend:
      return (.full, nil)
    case .dropNewest:
      return (.dropped, nil)
    case .dropOldest:
      _ = buffer.popFirst()
      buffer.append(value)
      return (.dropped, nil)
    }
  }

  @usableFromInline
  mutating func makeTicket() -> Int {
    nextTicket += 1
    return nextTicket
  }

  /// Parks a sender with its value while the buffer is full (or senders before it wait for it
  /// to drain); `false` (do not wait) if it would be taken now or the stream is over, so the
  /// sender looks again.
  @usableFromInline
  mutating func parkSender(ticket: Int, value: Output, _ waiter: Waiter) -> Bool {
    guard isAccepting, bufferedCount >= capacity || !senders.isEmpty else { return false }
    senders.append(ParkedSender(ticket: ticket, value: value, waiter: waiter))
    return true
  }

  /// What happened to a woken sender's value; `nil` if it was not decided (its task was
  /// cancelled, or there was room again).
  @usableFromInline
  mutating func takeResult(ticket: Int) -> CreateSendResult? {
    results.removeValue(forKey: ticket)
  }

  /// A parked sender's task was cancelled: it stops waiting, its value not taken.
  @usableFromInline
  mutating func cancelSender(ticket: Int) -> Effects {
    guard let index = senders.firstIndex(where: { $0.ticket == ticket }) else { return Effects() }
    return Effects(waking: senders.remove(at: index).waiter)
  }

  /// The source finished or failed: the consumer gets the completion after the buffered values;
  /// parked senders are refused.
  @usableFromInline
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
  @usableFromInline
  mutating func onCancel(_ handler: CancelHandler) -> CancelHandler? {
    if case .ended = phase, completion == nil { return handler }
    guard isAccepting else { return nil }
    cancelHandlers.append(handler)
    return nil
  }

  /// The subscriber went away: discard the buffer, wake everyone, cancel the body's task and
  /// run the cleanup (unless the source had already finished or failed).
  @usableFromInline
  mutating func cancel(_ subscriber: Void) -> Effects {
    var effects = Effects(waking: consumer.take())
    if case .running(let task) = phase { effects.cancel(task) }
    if case .ended = phase { return effects }
    phase = .ended
    buffer.removeAll()
    lent = 0
    effects.wake(refuseSenders())
    for handler in cancelHandlers { effects.release(handler) }
    cancelHandlers.removeAll()
    return effects
  }

  @usableFromInline
  mutating func refuseSenders() -> [Waiter] {
    defer { senders.removeAll() }
    for sender in senders { results[sender.ticket] = .terminated }
    return senders.map(\.waiter)
  }
}
