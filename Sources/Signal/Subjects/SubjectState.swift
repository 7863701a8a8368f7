import Synchronization

/// The state every subject shares: its subscribers, the shared log its `.suspend` subscribers
/// read, parked senders, the replay window and the completion. A plain value type, mutated only
/// inside ``SubjectStorage``'s lock; its methods report whom to wake instead of waking.
///
/// A send costs the same whatever the number of subscribers: it appends once to the
/// ``SubjectLog``, wakes only the consumers that are parked (`parkedSlots`), and walks the
/// subscribers only when one of them may have become full, which a lower bound of their
/// blocking positions (`blockingBound`) tells it in O(1). Dropping subscribers, whose policy
/// applies to each value, keep their own buffers (`droppingSlots`). The first `.suspend` subscriber reads a
/// ``SubjectLane`` of its own without the lock (`laneReader`): a send appends to it too.
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
  /// The values sent that a `.suspend` subscriber has not read yet.
  @usableFromInline var log = SubjectLog<Output>()
  /// How many subscribers read the log; with none, sends append nothing to it.
  @usableFromInline var suspendingCount = 0
  /// At most the smallest ``SubjectSubscriber/blockingPosition`` of the `.suspend` subscribers
  /// that are not blocking: until the log's end reaches it, no send can make one of them full.
  @usableFromInline var blockingBound = Int.max
  /// The slots (and ids, since slots are reused) of the dropping subscribers, which every send
  /// hands the value to. Entries of cancelled subscribers are skipped and swept out in bulk.
  @usableFromInline var droppingSlots: [SubjectToken] = []
  /// The subscribers whose consumer parked since the last send (each parks at most once in
  /// between). Entries of subscribers cancelled since are skipped, and swept out in bulk.
  @usableFromInline var parkedSlots: [SubjectToken] = []
  /// How many `.suspend` subscribers are parked: when all of them are, each has read the whole log.
  @usableFromInline var parkedReaders = 0
  /// How many `.suspend` subscribers are full (between reaching capacity and draining to
  /// the low watermark). Sends are admitted only when this is zero.
  @usableFromInline var blockingCount = 0
  @usableFromInline var waitingSenders: [(ticket: Int, waiter: Waiter)] = []
  @usableFromInline var nextTicket = 0
  @usableFromInline var completion: Completion<Failure>?
  @usableFromInline var replay: RingBuffer<Output>
  @usableFromInline let replayLimit: Int
  @usableFromInline let replaysAfterCompletion: Bool
  /// The subscriber that reads a ``SubjectLane`` (see ``SubjectSubscriber/readsLane``), if any.
  @usableFromInline var laneReader: SubjectToken?
  /// That subscriber's lane. Held here rather than in the subscriber (which has only a flag): a send reaches it
  /// without copying the reference out of an array element (a retain and a release per send).
  @usableFromInline var lane: SubjectLane<Output>?
  /// The lane's end at which the lane reader may have become full, as far as the cursor last read tells: until a
  /// send reaches it, no send can make the reader full, and the sender reads no cursor.
  @usableFromInline var laneBound = Int.max

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

  @inlinable
  mutating func subscribe(policy: BufferingPolicy) -> SubjectToken {
    nextID += 1
    var readsLane = false
    if laneReader == nil, case .suspend = policy, policy.capacity <= SubjectLane<Output>.largestCapacity {
      readsLane = true
    }
    var subscriber = SubjectSubscriber<Output>(id: nextID, policy: policy, readsLane: readsLane)
    if completion == nil || replaysAfterCompletion {
      // A copy, so the window itself is untouched; subscribing is rare, so the copy is affordable.
      var replayed = replay
      while let value = replayed.popFirst() { subscriber.receive(value) }
    }
    let slot: Int
    if let free = freeSlots.popLast() {
      slot = free
    } else {
      slot = subscribers.count
      subscribers.append(.vacant)
    }
    let token = SubjectToken(slot: slot, id: nextID)
    if subscriber.isSuspending {
      // Only values sent from now on: late subscribers get no earlier values.
      subscriber.cursor = log.end
      suspendingCount += 1
      if subscriber.buffered(logEnd: log.end) >= subscriber.capacity {
        subscriber.isBlocking = true
        blockingCount += 1
      } else {
        blockingBound = Swift.min(blockingBound, subscriber.blockingPosition)
      }
    } else if readsLane {
      laneReader = token
      lane = SubjectLane(capacity: subscriber.capacity)
      if subscriber.buffered(logEnd: log.end) >= subscriber.capacity {
        subscriber.isBlocking = true
        blockingCount += 1
      } else {
        laneBound = Self.laneBound(cursor: 0, of: subscriber)
      }
    } else {
      droppingSlots.append(token)
    }
    subscribers[slot] = subscriber
    return token
  }

  @inlinable
  func owns(_ token: SubjectToken) -> Bool {
    token.slot < subscribers.count && subscribers[token.slot].id == token.id
  }

  /// Removes a subscriber (dropped iterator, cancelled task, or a subscriber that stopped
  /// early) and discards what it had buffered. Wakes its parked consumer and a sender it was
  /// blocking.
  @inlinable
  mutating func cancel(_ token: SubjectToken) -> Effects {
    guard owns(token) else { return Effects() }
    let removed = vacate(token.slot)
    if removed.isSuspending, removed.waiter != nil { parkedReaders -= 1 }
    var effects = Effects(waking: removed.waiter)
    if removed.isBlocking { effects.wake(unblockOne()) }
    return effects
  }

  /// Frees a subscriber's slot. The log it read stops being held for it: with no reader left it
  /// is emptied now; otherwise its values go at the next walk of the subscribers.
  @inlinable
  mutating func vacate(_ slot: Int) -> SubjectSubscriber<Output> {
    let removed = subscribers[slot]
    subscribers[slot] = .vacant
    freeSlots.append(slot)
    if removed.isSuspending {
      suspendingCount -= 1
      if suspendingCount == 0 { log.removeAll() }
    } else if removed.readsLane {
      // The lane's values go with the last of the state and the reader's iterator to let go of it.
      laneReader = nil
      lane = nil
      laneBound = .max
    } else if droppingSlots.count > 2 * (subscribers.count - freeSlots.count) + 8 {
      droppingSlots = droppingSlots.filter { owns($0) }
    }
    return removed
  }

  // MARK: Consuming

  @inlinable
  mutating func next(_ token: SubjectToken) -> NextAction {
    guard owns(token) else { return .end(nil) }
    let slot = token.slot
    if subscribers[slot].readsLane { return nextFromLane(slot) }
    if let value = subscribers[slot].take(from: log) {
      if suspendingCount == 1, subscribers[slot].isSuspending {
        // The one reader: what it has read is nobody's any more.
        log.discard(upTo: subscribers[slot].cursor)
      }
      return .value(value, resumingSender: stopsBlockingIfDrained(slot))
    }
    if let completion {
      _ = vacate(slot)
      return .end(completion)
    }
    return .park
  }

  /// ``next(_:)`` for the lane reader, when its consumer comes to the lock: its replayed values, then what the lane
  /// holds (the consumer takes most of those without the lock), then the completion or a park.
  @inlinable
  mutating func nextFromLane(_ slot: Int) -> NextAction {
    if let value = subscribers[slot].buffer.popFirst() {
      return .value(value, resumingSender: stopsBlockingIfDrained(slot))
    }
    // Only the subscriber's own consumer comes here, so taking from the lane under the lock is the reader taking it.
    if let lane {
      let position = lane.cursor.load(ordering: .relaxed)
      if position < lane.end.load(ordering: .relaxed) {
        return .value(lane.take(at: position), resumingSender: stopsBlockingIfDrained(slot))
      }
    }
    if let completion {
      _ = vacate(slot)
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
    guard subscribers[slot].isSuspending, subscribers[slot].buffered(logEnd: log.end) > 1,
      let value = subscribers[slot].take(from: log)
    else { return next(token) }
    let limit = Swift.max(1, subscribers[slot].capacity / 2)
    // Room for the run at once (at least 16, at most what is there): growing 4, 8, 16, 32 cost K = 4096 sinks a
    // fifth of their time; a huge `.suspend` capacity reserves no more than the values it actually holds.
    batch.reserve(Swift.min(limit, Swift.max(subscribers[slot].buffered(logEnd: log.end), 16)))
    var moved = 0
    while moved < limit, let more = subscribers[slot].take(from: log) {
      batch.append(more)
      moved += 1
    }
    subscribers[slot].held = moved
    if suspendingCount == 1 { log.discard(upTo: subscribers[slot].cursor) }
    if let sender = stopsBlockingIfDrained(slot) { return .value(value, resumingSender: sender) }
    if subscribers[slot].isBlocking {
      reportAfter =
        subscribers[slot].buffered(logEnd: log.end) + moved - subscribers[slot].capacity / 2
    }
    return .value(value, resumingSender: nil)
  }

  /// The consumer has returned values of its batch and holds `remaining`: a subscriber that has
  /// drained to its low watermark stops holding senders back (returns the sender to resume).
  @inlinable
  mutating func consumedFromBatch(_ token: SubjectToken, remaining: Int) -> Waiter? {
    guard owns(token) else { return nil }
    subscribers[token.slot].held = remaining
    return stopsBlockingIfDrained(token.slot)
  }

  /// After a subscriber has taken values: if it was blocking and has drained to its low
  /// watermark, it stops, and its blocking position counts again; returns the sender to resume.
  @inlinable
  mutating func stopsBlockingIfDrained(_ slot: Int) -> Waiter? {
    if subscribers[slot].readsLane { return laneStopsBlockingIfDrained(slot) }
    guard subscribers[slot].drainedBelowWatermark(logEnd: log.end) else { return nil }
    blockingBound = Swift.min(blockingBound, subscribers[slot].blockingPosition)
    return unblockOne()
  }

  /// ``stopsBlockingIfDrained(_:)`` for the lane reader (the lane's values count too): once drained, it no longer
  /// asks its reader to report, and its bound counts from where the reader is now. Out of line, so that the log
  /// readers' path stays small enough to be inlined where they take values.
  @inlinable
  @inline(never)
  mutating func laneStopsBlockingIfDrained(_ slot: Int) -> Waiter? {
    guard let lane, subscribers[slot].drainedBelowWatermark(logEnd: log.end, inLane: lane.count) else { return nil }
    lane.senderWaiting.store(false, ordering: .relaxed)
    laneBound = Self.laneBound(cursor: lane.cursor.load(ordering: .relaxed), of: subscribers[slot])
    return unblockOne()
  }

  /// The lane reader saw ``SubjectLane/senderWaiting`` after taking values: if it has drained to its low watermark,
  /// it stops holding senders back (returns the sender to resume).
  @inlinable
  mutating func laneDrained(_ token: SubjectToken) -> Waiter? {
    guard owns(token) else { return nil }
    return stopsBlockingIfDrained(token.slot)
  }

  /// Parks the subscriber's consumer unless there is already something for it;
  /// returns `false` if the caller must resume `waiter` right away.
  @inlinable
  mutating func park(_ token: SubjectToken, _ waiter: Waiter) -> Bool {
    guard owns(token), subscribers[token.slot].buffered(logEnd: log.end) == 0, completion == nil else {
      return false
    }
    if subscribers[token.slot].readsLane, let lane, lane.count > 0 { return false }
    subscribers[token.slot].waiter = waiter
    if parkedSlots.count > 2 * subscribers.count + 8 {
      // Subscribers parked and then cancelled with no send in between: sweep their entries out.
      parkedSlots = parkedSlots.filter { owns($0) && subscribers[$0.slot].waiter != nil }
    }
    parkedSlots.append(token)
    if subscribers[token.slot].isSuspending {
      parkedReaders += 1
      // Every reader has read everything: hold no value for nobody until the next send.
      if parkedReaders == suspendingCount { log.removeAll() }
    }
    return true
  }

  // MARK: Sending

  /// Delivers `value` to every subscriber if no `.suspend` subscriber is full, collecting
  /// the parked consumers to wake in `wakes`.
  @inlinable
  mutating func send(_ value: Output, waking wakes: inout SubjectWakeList) -> SubjectSendResult {
    guard completion == nil else { return .completed }
    guard blockingCount == 0 else { return .full }
    if suspendingCount > 0 {
      log.append(value)
      if log.end >= blockingBound { findBlockingSubscribers() }
    }
    if let end = lane?.append(value), end >= laneBound { findWhetherLaneIsFull() }
    for token in droppingSlots where subscribers[token.slot].id == token.id {
      subscribers[token.slot].receive(value)
    }
    remember(value)
    // Most sends find no consumer parked (a busy one is still reading): skip the walk and the
    // array call entirely then.
    if !parkedSlots.isEmpty {
      for token in parkedSlots where subscribers[token.slot].id == token.id {
        if let consumer = subscribers[token.slot].waiter.take() { wakes.append(consumer) }
      }
      parkedSlots.removeAll(keepingCapacity: true)
    }
    parkedReaders = 0
    // Senders parked behind us are woken one at a time; each passes the baton on while there is room.
    if blockingCount == 0, !waitingSenders.isEmpty { wakes.append(waitingSenders.removeFirst().waiter) }
    return .delivered
  }

  /// The log has reached ``blockingBound``: marks the `.suspend` subscribers that are now owed
  /// their capacity as blocking, computes the bound afresh from the others, and lets go of the
  /// log's values that every reader has read. One walk per half buffer or so, not one per send.
  @inlinable
  mutating func findBlockingSubscribers() {
    var bound = Int.max
    var slowest = log.end
    for slot in subscribers.indices where subscribers[slot].isSuspending && subscribers[slot].id != 0 {
      slowest = Swift.min(slowest, subscribers[slot].cursor)
      guard !subscribers[slot].isBlocking else { continue }
      if subscribers[slot].buffered(logEnd: log.end) + subscribers[slot].held >= subscribers[slot].capacity {
        subscribers[slot].isBlocking = true
        blockingCount += 1
      } else {
        bound = Swift.min(bound, subscribers[slot].blockingPosition)
      }
    }
    blockingBound = bound
    log.discard(upTo: slowest)
  }

  /// The lane has reached ``laneBound``: reads where its reader is, and marks it as blocking if it is owed its
  /// capacity. Before concluding so, the flag that asks the reader to report back is raised and the cursor read
  /// again, both sequentially consistent: a reader that moved on in between either is seen here or sees the flag.
  /// Out of line: a send reaches it once per run of the reader at most.
  @inlinable
  @inline(never)
  mutating func findWhetherLaneIsFull() {
    guard let lane, let slot = laneReader?.slot else { return }
    let end = lane.end.load(ordering: .relaxed)
    var cursor = lane.cursor.load(ordering: .acquiring)
    if end >= Self.laneBound(cursor: cursor, of: subscribers[slot]) {
      lane.senderWaiting.store(true, ordering: .sequentiallyConsistent)
      cursor = lane.cursor.load(ordering: .sequentiallyConsistent)
      if end >= Self.laneBound(cursor: cursor, of: subscribers[slot]) {
        subscribers[slot].isBlocking = true
        blockingCount += 1
        laneBound = .max
        return
      }
      lane.senderWaiting.store(false, ordering: .relaxed)
    }
    laneBound = Self.laneBound(cursor: cursor, of: subscribers[slot])
  }

  /// The lane's end at which the lane reader, read up to `cursor`, is owed its capacity (its replayed values count).
  @inlinable
  static func laneBound(cursor: Int, of reader: SubjectSubscriber<Output>) -> Int {
    cursor + reader.capacity - reader.buffer.count
  }

  @inlinable
  mutating func makeTicket() -> Int {
    nextTicket += 1
    return nextTicket
  }

  /// Parks a sender that found the subject full. Returns `false` (resume at once) if the
  /// subject is no longer full or is completed, so the sender retries.
  @inlinable
  mutating func parkSender(ticket: Int, _ waiter: Waiter) -> Bool {
    guard completion == nil, blockingCount > 0 else { return false }
    waitingSenders.append((ticket, waiter))
    return true
  }

  @inlinable
  mutating func cancelSender(ticket: Int) -> Waiter? {
    guard let index = waitingSenders.firstIndex(where: { $0.ticket == ticket }) else { return nil }
    return waitingSenders.remove(at: index).waiter
  }

  @inlinable
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
    parkedSlots.removeAll()
    parkedReaders = 0
    return effects
  }
}
