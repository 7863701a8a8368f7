/// The part of a many-producer operator's state that bounds each producer separately: a
/// queue in arrival order that the consumer drains into its ``ConsumerBatch``, with a bounded
/// number of queued values per producer (back-pressure).
///
/// A plain struct kept inside the operator's state machine, under that machine's lock. Its
/// mutating methods only decide; they return the continuations to resume, and the storage
/// (a ``ProducerQueueStorage``) resumes them after releasing the lock.
///
/// Why per producer: `zip` holds values until a tuple is complete, so one shared bound would
/// let a fast upstream take all the room and starve the tuple it waits for; `flatMap` and
/// `switchToLatest` promise each inner publisher its own room.
@usableFromInline
struct ProducerQueue<Element, Failure: Error> {
  @usableFromInline
  enum Phase: Sendable {
    /// No demand yet: nothing runs.
    case idle
    /// The subscriber is subscribing and what immediate upstreams have is being taken at once
    /// (``beginSubscribing()``): values are accepted, nothing runs.
    case subscribing
    case open
    /// No more values are accepted; the consumer gets what is queued, then `completion`.
    case completing(Completion<Failure>)
    /// The consumer saw the end, or went away (everything queued was discarded).
    case ended
  }

  @usableFromInline var phase = Phase.idle
  @usableFromInline var queue = RingBuffer<Element>()
  /// The producer tasks, cancelled when the stream ends.
  @usableFromInline var tasks: [Task<Void, Never>] = []
  @usableFromInline var consumer: Waiter?
  /// How many more values each producer may queue before it must wait.
  @usableFromInline var credits: [Int]
  /// Values queued per producer since the last drain; returned as credits by the drain when
  /// `refundsOnDrain` (the operator does not need to hold values beyond the drained batch).
  @usableFromInline var queuedSinceDrain: [Int]
  @usableFromInline var parkedProducers: [Waiter?]
  @usableFromInline let capacity: Int
  @usableFromInline let refundsOnDrain: Bool

  /// - Parameters:
  ///   - producers: the number of producer slots (indices `0..<producers`).
  ///   - capacity: how many values one producer may have queued and not yet refunded.
  ///   - refundsOnDrain: `true` when draining a value frees its room; `false` when the
  ///     consumer hands room back itself (``consumed(_:)``: one value of every producer per
  ///     unit), as `zip` does for values it keeps until a tuple can be formed.
  @usableFromInline
  init(producers: Int, capacity: Int, refundsOnDrain: Bool) {
    self.capacity = Swift.max(1, capacity)
    self.refundsOnDrain = refundsOnDrain
    credits = Array(repeating: self.capacity, count: producers)
    queuedSinceDrain = Array(repeating: 0, count: producers)
    parkedProducers = Array(repeating: nil, count: producers)
  }

  /// Whether values are accepted: once demand started the producers, and while immediate
  /// upstreams are taken at subscription.
  @inlinable
  var isOpen: Bool {
    switch phase {
    case .subscribing, .open: true
    case .idle, .completing, .ended: false
    }
  }

  /// Opens the queue while the subscriber subscribes, for what immediate upstreams have now, as
  /// Combine delivers them then; ``endSubscribing()`` makes it wait for demand again, unless what
  /// was taken ended the stream.
  @inlinable
  mutating func beginSubscribing() {
    if case .idle = phase { phase = .subscribing }
  }

  /// Whether no demand has come yet (and the stream has not ended).
  @inlinable
  var isIdle: Bool {
    if case .idle = phase { return true }
    return false
  }

  @inlinable
  mutating func endSubscribing() {
    if case .subscribing = phase { phase = .idle }
  }

  /// Whether `producer` may queue a value now without waiting.
  @inlinable
  func hasRoom(for producer: Int) -> Bool {
    isOpen && credits[producer] > 0
  }

  // MARK: Producers

  @usableFromInline
  enum PushAction {
    /// Queued; resume the consumer if one is given.
    case queued(wake: Waiter?)
    /// The producer has no room: park it (``parkProducer(_:_:)``) and push again when resumed.
    case full
    /// The stream is over: the producer must stop.
    case closed
  }

  @inlinable
  mutating func push(_ element: Element, from producer: Int) -> PushAction {
    guard isOpen else { return .closed }
    guard credits[producer] > 0 else { return .full }
    credits[producer] &-= 1
    queuedSinceDrain[producer] &+= 1
    queue.append(element)
    return .queued(wake: consumer.take())
  }

  /// Queues an element that needs no room (an upstream's end): it is never held back.
  @inlinable
  mutating func pushUncounted(_ element: Element) -> Waiter? {
    guard isOpen else { return nil }
    queue.append(element)
    return consumer.take()
  }

  /// Parks a producer that found no room. Returns `false` (resume it at once, then push
  /// again) when room appeared or the stream closed since its push.
  @inlinable
  mutating func parkProducer(_ producer: Int, _ waiter: Waiter) -> Bool {
    guard isOpen, credits[producer] == 0 else { return false }
    parkedProducers[producer] = waiter
    return true
  }

  /// Gives a producer slot to a new producer (`switchToLatest`'s next inner): its queued
  /// values are discarded and its room restored. Returns the slot's parked old producer.
  @inlinable
  mutating func resetProducer(_ producer: Int, discardingQueue: Bool) -> Waiter? {
    if discardingQueue { queue.removeAll() }
    credits[producer] = capacity
    queuedSinceDrain[producer] = 0
    return parkedProducers[producer].take()
  }

  // MARK: Consumer

  /// The consumer handed back `count` units of room (one value of every producer each);
  /// returns the producers to wake. Nothing to do when draining refunds.
  @inlinable
  mutating func consumed(_ count: Int) -> Wakeups {
    var wake = Wakeups()
    guard !refundsOnDrain, count > 0 else { return wake }
    for producer in credits.indices {
      credits[producer] &+= count
      wake.append(parkedProducers[producer].take())
    }
    return wake
  }

  /// Moves every queued value into the consumer's empty `batch` (its storage is reused).
  @inlinable
  mutating func refill(_ batch: inout RingBuffer<Element>, consumed count: Int) -> RefillAction<Failure> {
    var wake = consumed(count)
    switch phase {
    case .idle, .subscribing:
      phase = .open
      return .startProducers
    case .open where queue.isEmpty:
      return .suspend(wake)
    case .completing(let completion) where queue.isEmpty:
      phase = .ended
      switch completion {
      case .finished: return .finish(Effects(waking: wake))
      case .failure(let error): return .fail(error, Effects(waking: wake))
      }
    case .ended:
      return .finish(Effects(waking: wake))
    case .open, .completing:
      swap(&queue, &batch)
      if refundsOnDrain {
        for producer in queuedSinceDrain.indices where queuedSinceDrain[producer] > 0 {
          credits[producer] &+= queuedSinceDrain[producer]
          queuedSinceDrain[producer] = 0
          wake.append(parkedProducers[producer].take())
        }
      }
      return .deliver(wake)
    }
  }

  /// Parks the consumer. Returns `false` (resume it at once) when something arrived since
  /// its refill found nothing.
  @inlinable
  mutating func parkConsumer(_ waiter: Waiter) -> Bool {
    guard queue.isEmpty, isOpen else { return false }
    consumer = waiter
    return true
  }

  // MARK: Ending

  /// Keeps a producer task so that the end of the stream cancels it. Returns `false` when
  /// the stream has already ended: the caller cancels the task itself.
  @inlinable
  mutating func adopt(_ task: Task<Void, Never>) -> Bool {
    guard isOpen else { return false }
    tasks.append(task)
    return true
  }

  /// Stops accepting values; the consumer gets what is queued, then `completion`. The first
  /// ending wins. The producers still running are cancelled.
  @inlinable
  mutating func complete(_ completion: Completion<Failure>) -> Effects {
    guard isOpen else { return Effects() }
    phase = .completing(completion)
    return takeTermination()
  }

  /// Discards everything and ends the consumer's stream with `nil`.
  @inlinable
  mutating func cancel() -> Effects {
    if case .ended = phase { return Effects() }
    phase = .ended
    queue.removeAll()
    return takeTermination()
  }

  @inlinable
  mutating func takeTermination() -> Effects {
    var effects = Effects(waking: consumer.take())
    for producer in parkedProducers.indices {
      effects.wake(parkedProducers[producer].take())
    }
    swap(&effects.tasksToCancel, &tasks)
    return effects
  }
}

extension ProducerQueue: Sendable where Element: Sendable {}
