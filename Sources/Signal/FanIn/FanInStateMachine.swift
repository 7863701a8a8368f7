/// The state of one fan-in subscription: which items have started, the outcomes waiting for
/// the consumer, and who is parked.
///
/// Outcomes waiting to be delivered are bounded by `window`: item `i` starts only once
/// `i < consumed + window`, where `consumed` counts outcomes the consumer has used. With
/// `.index` ordering that also bounds the reorder buffer, since every outcome before
/// `consumed` has been delivered. Every method runs under the storage's lock and returns what
/// to do once the lock is released.
@usableFromInline
struct FanInStateMachine<Output: Sendable, ItemFailure: Error>: BatchStateMachine {
  @usableFromInline typealias Outcome = (Int, OptionalOutput<Output, ItemFailure>)
  /// Outcomes carry the items' failures; the stream itself never fails.
  @usableFromInline typealias Failure = Never
  @usableFromInline typealias Element = Outcome

  @usableFromInline
  enum Phase: Sendable {
    /// No `next()` yet: nothing runs.
    case idle
    case running
    /// Every outcome was delivered, or the consumer went away.
    case terminated
  }

  @usableFromInline
  enum Claim: Sendable {
    /// Perform the item at this index.
    case perform(Int)
    /// Every item that may start has started: wait for the consumer to catch up.
    case wait
    /// No item is left to start, or the subscription ended.
    case stop
  }

  @usableFromInline
  struct WorkerStep: Sendable {
    @usableFromInline var claim: Claim
    @usableFromInline var consumerToResume: Waiter?
  }

  @usableFromInline let itemCount: Int
  @usableFromInline let window: Int
  @usableFromInline let ordering: FanInOrdering
  @usableFromInline var phase = Phase.idle
  @usableFromInline var nextToStart = 0
  /// Outcomes the consumer has reported using.
  @usableFromInline var consumed = 0
  /// Outcomes moved into the consumer's batch; with `.index` ordering, the next index to deliver.
  @usableFromInline var collected = 0
  /// `.completion` ordering: outcomes in completion order.
  @usableFromInline var completed: RingBuffer<Outcome>
  /// `.index` ordering: the outcome of item `i` waits in slot `i % window`.
  @usableFromInline var slots: ContiguousArray<OptionalOutput<Output, ItemFailure>?>
  @usableFromInline var consumer: Waiter?
  @usableFromInline var parkedWorkers: RingBuffer<Waiter>
  @usableFromInline var workerTask: Task<Void, Never>?

  @usableFromInline
  init(itemCount: Int, window: Int, workerCount: Int, ordering: FanInOrdering) {
    self.itemCount = itemCount
    self.window = Swift.max(1, window)
    self.ordering = ordering
    switch ordering {
    case .completion:
      completed = RingBuffer(minimumCapacity: self.window)
      slots = []
    case .index:
      completed = RingBuffer()
      slots = ContiguousArray(repeating: nil, count: self.window)
    }
    parkedWorkers = RingBuffer(minimumCapacity: workerCount)
  }

  // MARK: Workers

  /// Stores the outcome a worker just produced, if any, and claims its next item.
  @usableFromInline
  mutating func nextStep(completing outcome: Outcome?) -> WorkerStep {
    var step = WorkerStep(claim: .stop, consumerToResume: nil)
    guard case .running = phase else { return step }
    if let outcome {
      store(outcome)
      if consumer != nil, hasCollectable {
        step.consumerToResume = consumer
        consumer = nil
      }
    }
    if mayStartNext {
      step.claim = .perform(nextToStart)
      nextToStart += 1
    } else if nextToStart < itemCount {
      step.claim = .wait
    }
    return step
  }

  @usableFromInline
  var mayStartNext: Bool { nextToStart < itemCount && nextToStart < consumed + window }

  @usableFromInline
  mutating func store(_ outcome: Outcome) {
    switch ordering {
    case .completion: completed.append(outcome)
    case .index: slots[outcome.0 % window] = outcome.1
    }
  }

  @usableFromInline
  var hasCollectable: Bool {
    switch ordering {
    case .completion: !completed.isEmpty
    case .index: collected < itemCount && slots[collected % window] != nil
    }
  }

  /// Returns `false` when the worker need not wait (an item may start, or the subscription ended).
  @usableFromInline
  mutating func parkWorker(_ continuation: Waiter) -> Bool {
    guard case .running = phase, !mayStartNext, nextToStart < itemCount else { return false }
    parkedWorkers.append(continuation)
    return true
  }

  @usableFromInline
  mutating func adopt(_ task: Task<Void, Never>) -> Bool {
    guard case .running = phase else { return false }
    workerTask = task
    return true
  }

  // MARK: Consumer

  /// Returns the parked workers that may now start an item each.
  @usableFromInline
  mutating func consumed(_ count: Int) -> Wakeups {
    consumed += count
    guard !parkedWorkers.isEmpty else { return Wakeups() }
    return Wakeups(parkedWorkers.removeFirst(upTo: Swift.min(itemCount, consumed + window) - nextToStart))
  }

  /// Moves the outcomes ready for delivery into the consumer's empty `batch`.
  @usableFromInline
  mutating func refill(_ batch: inout RingBuffer<Outcome>, consumed count: Int) -> RefillAction<Never> {
    let woken = consumed(count)
    switch phase {
    case .idle:
      guard itemCount > 0 else {
        phase = .terminated
        return .finish(Effects())
      }
      phase = .running
      return .startProducers
    case .running:
      collect(into: &batch)
      if !batch.isEmpty { return .deliver(woken) }
      guard collected < itemCount else {
        // Workers parked while others started the last items; they have nothing left to do.
        phase = .terminated
        workerTask = nil
        var effects = Effects(waking: woken)
        effects.wake(parkedWorkers.removeFirst())
        return .finish(effects)
      }
      return .suspend(woken)
    case .terminated:
      return .finish(Effects(waking: woken))
    }
  }

  @usableFromInline
  mutating func collect(into batch: inout RingBuffer<Outcome>) {
    switch ordering {
    case .completion:
      swap(&completed, &batch)
      collected += batch.count
    case .index:
      while collected < itemCount, let output = slots[collected % window].take() {
        batch.append((collected, output))
        collected += 1
      }
    }
  }

  /// Returns `false` when the consumer need not wait (something to deliver, or the end).
  @usableFromInline
  mutating func parkConsumer(_ continuation: Waiter) -> Bool {
    guard case .running = phase, !hasCollectable else { return false }
    consumer = continuation
    return true
  }

  @usableFromInline
  mutating func cancel(_ subscriber: Void) -> Effects {
    guard case .running = phase else {
      phase = .terminated
      return Effects()
    }
    phase = .terminated
    completed.removeAll()
    for index in slots.indices { slots[index] = nil }
    var effects = Effects(waking: consumer.take())
    effects.wake(parkedWorkers.removeFirst())
    effects.cancel(workerTask.take())
    return effects
  }
}
