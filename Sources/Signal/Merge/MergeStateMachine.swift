/// The state of one merge subscription: a bounded buffer shared by every upstream's producer
/// and the single consumer.
///
/// Every method runs under the storage's lock and returns what to do once the lock is
/// released (resume continuations, cancel the producer task), so no continuation is resumed
/// while the lock is held.
@usableFromInline
struct MergeStateMachine<Element: Sendable, Failure: Error>: BatchStateMachine {
  @usableFromInline
  enum Phase: Sendable {
    /// No `next()` yet: nothing runs.
    case idle
    case running
    /// Every upstream finished; buffered elements are still to be delivered.
    case finished
    /// An upstream failed; buffered elements are delivered, then this failure.
    case failed(Failure)
    /// The consumer saw the end or went away.
    case terminated
  }

  @usableFromInline
  enum PushAction: Sendable {
    case pushed
    case pushedResumingConsumer(Waiter)
    /// No room: wait for the consumer, then push again.
    case full
    /// The subscription ended: the producer stops.
    case stopped
  }

  /// A woken producer whose upstream is synchronous fills all the room there is before it
  /// parks again, so waking many at once mostly wakes producers that find the buffer full.
  /// One wake per quarter of the capacity that is free keeps a few producers busy; the
  /// others stay parked, first in first out, until the consumer frees more room.
  @usableFromInline
  var producersToWake: Int {
    Swift.min(parkedProducers.count, Swift.max(1, (capacity - unconsumed) / Swift.max(1, capacity / 4)))
  }

  @usableFromInline var phase = Phase.idle
  @usableFromInline var buffer: RingBuffer<Element>
  /// Elements pushed and not yet reported consumed: the buffer plus the consumer's batch.
  @usableFromInline var unconsumed = 0
  @usableFromInline let capacity: Int
  @usableFromInline var remainingUpstreams: Int
  @usableFromInline var consumer: Waiter?
  @usableFromInline var parkedProducers: RingBuffer<Waiter>
  @usableFromInline var producerTask: Task<Void, Never>?

  @usableFromInline
  init(upstreamCount: Int, capacity: Int) {
    self.capacity = Swift.max(1, capacity)
    remainingUpstreams = upstreamCount
    // Grows on demand up to `capacity`: memory is spent only when producers run ahead.
    buffer = RingBuffer(minimumCapacity: Swift.min(self.capacity, 16))
    parkedProducers = RingBuffer(minimumCapacity: upstreamCount)
  }

  /// The consumer steps aside once before it parks: the producers it woke at the low watermark
  /// are usually queued for a thread by then. Parking instead left both waiting for the
  /// scheduler once per half buffer, which on a loaded machine doubled the wall time per element
  /// of the merges with the smallest buffers (M = 2 to 128) against their CPU time.
  @inlinable
  static var yieldsBeforeParking: Bool { true }

  /// Parked producers are woken once at most half the capacity is unconsumed.
  @usableFromInline var lowWatermark: Int { capacity / 2 }

  // MARK: Producers

  @inlinable
  mutating func push(_ element: Element) -> PushAction {
    guard case .running = phase else { return .stopped }
    guard unconsumed < capacity else { return .full }
    buffer.append(element)
    unconsumed += 1
    guard let consumer else { return .pushed }
    self.consumer = nil
    return .pushedResumingConsumer(consumer)
  }

  @usableFromInline
  enum ReserveAction: Sendable {
    /// Room for this many elements is the producer's: it takes them from its immediate upstream
    /// without the lock, then pushes them in one go (``push(run:reserved:)``).
    case reserved(Int)
    /// No room: wait for the consumer, then reserve again.
    case full
    /// The subscription ended: the producer stops.
    case stopped
  }

  /// Reserves room for up to `limit` elements of an immediate upstream. Reserved room counts as
  /// unconsumed, so the bound holds while the producer takes the elements outside the lock.
  @inlinable
  mutating func reserve(upTo limit: Int) -> ReserveAction {
    guard case .running = phase else { return .stopped }
    let room = capacity - unconsumed
    guard room > 0 else { return .full }
    let reserved = Swift.min(room, Swift.max(1, limit))
    unconsumed += reserved
    return .reserved(reserved)
  }

  @usableFromInline
  enum RunAction: Sendable {
    /// Queued; wake these (the consumer, and producers if room that was reserved is given back).
    case pushed(Wakeups)
    /// The subscription ended: the producer stops.
    case stopped
  }

  /// Queues a run of at most `reserved` elements taken on room reserved by ``reserve(upTo:)``,
  /// giving back the room the run did not use (its upstream ended first).
  @inlinable
  mutating func push(run: [Element], reserved: Int) -> RunAction {
    guard case .running = phase else { return .stopped }
    for element in run { buffer.append(element) }
    unconsumed -= reserved - run.count
    var wake = Wakeups(run.isEmpty ? nil : consumer.take())
    if run.count < reserved, !parkedProducers.isEmpty, unconsumed <= lowWatermark {
      wake.append(contentsOf: parkedProducers.removeFirst(upTo: producersToWake))
    }
    return .pushed(wake)
  }

  /// Whether an immediate upstream's value can be taken while the subscriber subscribes, before
  /// the producers run: there is room and the stream has not ended.
  @inlinable
  var hasRoomAtOnce: Bool {
    switch phase {
    case .idle, .running: unconsumed < capacity
    case .finished, .failed, .terminated: false
    }
  }

  /// Queues an immediate upstream's value taken while the subscriber subscribes
  /// (``hasRoomAtOnce`` said there is room; nobody is parked yet).
  @inlinable
  mutating func pushAtOnce(_ element: Element) {
    buffer.append(element)
    unconsumed += 1
  }

  /// Returns `false` when the producer need not wait (there is room, or the subscription ended).
  @usableFromInline
  mutating func parkProducer(_ continuation: Waiter) -> Bool {
    guard case .running = phase, unconsumed >= capacity else { return false }
    parkedProducers.append(continuation)
    return true
  }

  /// Returns the consumer to resume when this was the last upstream.
  @usableFromInline
  mutating func upstreamFinished() -> Waiter? {
    remainingUpstreams -= 1
    guard remainingUpstreams == 0, case .running = phase else { return nil }
    phase = .finished
    defer { consumer = nil }
    return consumer
  }

  @usableFromInline
  mutating func upstreamFailed(_ error: Failure) -> Effects {
    // `.idle`: an immediate upstream failed while the subscriber subscribed.
    switch phase {
    case .idle, .running: break
    case .finished, .failed, .terminated: return Effects()
    }
    phase = .failed(error)
    return takeTermination()
  }

  @usableFromInline
  mutating func adopt(_ task: Task<Void, Never>) -> Bool {
    guard case .running = phase else { return false }
    producerTask = task
    return true
  }

  // MARK: Consumer

  @usableFromInline
  mutating func consumed(_ count: Int) -> Wakeups {
    unconsumed -= count
    guard !parkedProducers.isEmpty, unconsumed <= lowWatermark else { return Wakeups() }
    return Wakeups(parkedProducers.removeFirst(upTo: producersToWake))
  }

  /// Moves the buffered elements into the consumer's empty `batch`.
  @usableFromInline
  mutating func refill(_ batch: inout RingBuffer<Element>, consumed count: Int) -> RefillAction<Failure> {
    let woken = consumed(count)
    switch phase {
    case .idle:
      guard remainingUpstreams > 0 else {
        // Every upstream was immediate and ended while the subscriber subscribed: deliver what
        // they left, then finish.
        phase = .finished
        return refill(&batch, consumed: 0)
      }
      phase = .running
      return .startProducers
    case .running:
      guard !buffer.isEmpty else { return .suspend(woken) }
      swap(&buffer, &batch)
      return .deliver(woken)
    case .finished:
      guard buffer.isEmpty else {
        swap(&buffer, &batch)
        return .deliver(woken)
      }
      phase = .terminated
      return .finish(Effects(waking: woken))
    case .failed(let error):
      guard buffer.isEmpty else {
        swap(&buffer, &batch)
        return .deliver(woken)
      }
      phase = .terminated
      return .fail(error, Effects(waking: woken))
    case .terminated:
      return .finish(Effects(waking: woken))
    }
  }

  /// Returns `false` when the consumer need not wait (something to deliver, or the end).
  @usableFromInline
  mutating func parkConsumer(_ continuation: Waiter) -> Bool {
    guard case .running = phase, buffer.isEmpty else { return false }
    consumer = continuation
    return true
  }

  @usableFromInline
  mutating func cancel(_ subscriber: Void) -> Effects {
    if case .terminated = phase { return Effects() }
    phase = .terminated
    buffer.removeAll()
    return takeTermination()
  }

  @usableFromInline
  mutating func takeTermination() -> Effects {
    var effects = Effects(waking: consumer.take())
    effects.wake(parkedProducers.removeFirst())
    effects.cancel(producerTask.take())
    return effects
  }
}
