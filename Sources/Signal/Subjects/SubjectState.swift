/// The state every subject shares: subscribers with their own bounded buffers, parked
/// senders, the replay window and the completion. A plain value type, mutated only
/// inside ``SubjectStorage``'s lock; its methods report whom to wake instead of waking.
@usableFromInline
struct SubjectState<Output: Sendable, Failure: Error>: SubscriptionStateMachine {
  @usableFromInline typealias Subscriber = SubjectToken

  /// What a subscriber's `next()` should do.
  @usableFromInline
  enum NextAction {
    /// Return the value; resume `sender` (if any) after unlocking, because the buffer that
    /// blocked it has drained to its low watermark.
    case value(Output, resumingSender: Waiter?)
    /// The subscription is over: completed (`.finished` / `.failure`), or removed (`nil`).
    case end(Completion<Failure>?)
    /// Nothing buffered: park until a value or the completion arrives.
    case park
  }

  @usableFromInline var subscribers: ContiguousArray<SubjectSubscriber<Output>> = []
  @usableFromInline var freeSlots: [Int] = []
  @usableFromInline var nextID = 0
  /// How many `.suspend` subscribers are full (between reaching capacity and draining to
  /// the low watermark). Sends are admitted only when this is zero.
  @usableFromInline var blockingCount = 0
  @usableFromInline var waitingSenders: [(ticket: Int, waiter: Waiter)] = []
  @usableFromInline var nextTicket = 0
  @usableFromInline var completion: Completion<Failure>?
  @usableFromInline var replay: RingBuffer<Output>
  @usableFromInline let replayLimit: Int
  @usableFromInline let replaysAfterCompletion: Bool

  /// - Parameters:
  ///   - replayLimit: how many of the latest values a new subscriber receives first.
  ///   - initial: values already in the replay window (a current value).
  ///   - replaysAfterCompletion: whether a subscriber joining after completion still gets them.
  @usableFromInline
  init(replayLimit: Int, initial: [Output], replaysAfterCompletion: Bool) {
    self.replayLimit = Swift.max(0, replayLimit)
    self.replaysAfterCompletion = replaysAfterCompletion
    replay = RingBuffer(minimumCapacity: Swift.min(self.replayLimit, 1024))
    for value in initial { remember(value) }
  }

  /// The oldest value in the replay window: with a window of one (a current value), the latest.
  @usableFromInline
  var oldestReplayed: Output? { replay.first }

  @inlinable
  mutating func remember(_ value: Output) {
    guard replayLimit > 0 else { return }
    if replay.count == replayLimit { _ = replay.popFirst() }
    replay.append(value)
  }

  // MARK: Subscribers

  @usableFromInline
  mutating func subscribe(policy: BufferingPolicy) -> SubjectToken {
    nextID += 1
    var subscriber = SubjectSubscriber<Output>(id: nextID, policy: policy)
    if completion == nil || replaysAfterCompletion {
      // A copy, so the window itself is untouched; subscribing is rare, so the copy is affordable.
      var replayed = replay
      while let value = replayed.popFirst() {
        if subscriber.receive(value).becameBlocking { blockingCount += 1 }
      }
    }
    if let slot = freeSlots.popLast() {
      subscribers[slot] = subscriber
      return SubjectToken(slot: slot, id: nextID)
    }
    subscribers.append(subscriber)
    return SubjectToken(slot: subscribers.count - 1, id: nextID)
  }

  @inlinable
  func owns(_ token: SubjectToken) -> Bool {
    token.slot < subscribers.count && subscribers[token.slot].id == token.id
  }

  /// Removes a subscriber (dropped iterator, cancelled task, or a subscriber that stopped
  /// early) and discards what it had buffered. Wakes its parked consumer and a sender it was
  /// blocking.
  @usableFromInline
  mutating func cancel(_ token: SubjectToken) -> Effects {
    guard owns(token) else { return Effects() }
    let removed = subscribers[token.slot]
    subscribers[token.slot] = SubjectSubscriber.vacant
    freeSlots.append(token.slot)
    var effects = Effects(waking: removed.waiter)
    if removed.isBlocking { effects.wake(unblockOne()) }
    return effects
  }

  // MARK: Consuming

  @inlinable
  mutating func next(_ token: SubjectToken) -> NextAction {
    guard owns(token) else { return .end(nil) }
    if let value = subscribers[token.slot].buffer.popFirst() {
      var sender: Waiter?
      if subscribers[token.slot].drainedBelowWatermark() { sender = unblockOne() }
      return .value(value, resumingSender: sender)
    }
    if let completion {
      subscribers[token.slot] = SubjectSubscriber.vacant
      freeSlots.append(token.slot)
      return .end(completion)
    }
    return .park
  }

  /// ``next(_:)`` for a consumer that keeps a batch: a `.suspend` subscriber with several values
  /// buffered returns the first and moves up to half its capacity more into `batch`, which the
  /// consumer returns without the lock and comes back for when it is empty. The batch counts
  /// against the capacity until then (`held`), so senders are held back as if the values were
  /// still buffered; a dropping subscriber takes one value at a time, so its policy still
  /// applies to everything not yet returned.
  ///
  /// When the subscriber still holds senders back after the batch was taken, `reportAfter` says
  /// after how many of the batch's values it will have drained to its low watermark: the consumer
  /// then reports (``consumedFromBatch(_:remaining:)``), so senders resume exactly when they would
  /// have without the batch; otherwise it is 0.
  @inlinable
  mutating func next(
    _ token: SubjectToken, batchingInto batch: inout RingBuffer<Output>, reportAfter: inout Int
  ) -> NextAction {
    reportAfter = 0
    guard owns(token) else { return .end(nil) }
    let slot = token.slot
    // Coming back means the last batch has been consumed.
    subscribers[slot].held = 0
    guard subscribers[slot].isSuspending, subscribers[slot].buffer.count > 1,
      let value = subscribers[slot].buffer.popFirst()
    else { return next(token) }
    let limit = Swift.max(1, subscribers[slot].capacity / 2)
    var moved = 0
    while moved < limit, let more = subscribers[slot].buffer.popFirst() {
      batch.append(more)
      moved += 1
    }
    subscribers[slot].held = moved
    var sender: Waiter?
    if subscribers[slot].drainedBelowWatermark() {
      sender = unblockOne()
    } else if subscribers[slot].isBlocking {
      reportAfter = subscribers[slot].buffer.count + moved - subscribers[slot].capacity / 2
    }
    return .value(value, resumingSender: sender)
  }

  /// The consumer has returned values of its batch and holds `remaining`: a subscriber that has
  /// drained to its low watermark stops holding senders back (returns the sender to resume).
  @inlinable
  mutating func consumedFromBatch(_ token: SubjectToken, remaining: Int) -> Waiter? {
    guard owns(token) else { return nil }
    subscribers[token.slot].held = remaining
    return subscribers[token.slot].drainedBelowWatermark() ? unblockOne() : nil
  }

  /// Parks the subscriber's consumer unless there is already something for it;
  /// returns `false` if the caller must resume `waiter` right away.
  @usableFromInline
  mutating func park(_ token: SubjectToken, _ waiter: Waiter) -> Bool {
    guard owns(token), subscribers[token.slot].buffer.isEmpty, completion == nil else { return false }
    subscribers[token.slot].waiter = waiter
    return true
  }

  // MARK: Sending

  /// Delivers `value` to every subscriber if no `.suspend` subscriber is full, collecting
  /// the parked consumers to wake in `wakes`.
  @inlinable
  mutating func send(_ value: Output, waking wakes: inout SubjectWakeList) -> SubjectSendResult {
    guard completion == nil else { return .completed }
    guard blockingCount == 0 else { return .full }
    var slot = 0
    let end = subscribers.count
    while slot < end {
      let outcome = subscribers[slot].receive(value)
      if outcome.becameBlocking { blockingCount += 1 }
      if let consumer = outcome.consumer { wakes.append(consumer) }
      slot += 1
    }
    remember(value)
    // Senders parked behind us are woken one at a time; each passes the baton on while there is room.
    if blockingCount == 0, !waitingSenders.isEmpty { wakes.append(waitingSenders.removeFirst().waiter) }
    return .delivered
  }

  @usableFromInline
  mutating func makeTicket() -> Int {
    nextTicket += 1
    return nextTicket
  }

  /// Parks a sender that found the subject full. Returns `false` (resume at once) if the
  /// subject is no longer full or is completed, so the sender retries.
  @usableFromInline
  mutating func parkSender(ticket: Int, _ waiter: Waiter) -> Bool {
    guard completion == nil, blockingCount > 0 else { return false }
    waitingSenders.append((ticket, waiter))
    return true
  }

  @usableFromInline
  mutating func cancelSender(ticket: Int) -> Waiter? {
    guard let index = waitingSenders.firstIndex(where: { $0.ticket == ticket }) else { return nil }
    return waitingSenders.remove(at: index).waiter
  }

  @usableFromInline
  mutating func unblockOne() -> Waiter? {
    blockingCount -= 1
    guard blockingCount == 0, !waitingSenders.isEmpty else { return nil }
    return waitingSenders.removeFirst().waiter
  }

  /// Records the completion; wakes every parked consumer and sender.
  @usableFromInline
  mutating func complete(_ completion: Completion<Failure>) -> Effects {
    guard self.completion == nil else { return Effects() }
    self.completion = completion
    var effects = Effects()
    effects.wake(waitingSenders.map(\.waiter))
    waitingSenders.removeAll()
    for slot in subscribers.indices {
      effects.wake(subscribers[slot].waiter.take())
    }
    return effects
  }
}
