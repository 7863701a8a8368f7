/// The part of every many-producer operator's state that moves values from concurrent producer
/// tasks to the one consumer: a queue in arrival order, drained by the consumer in whole
/// batches, with a bounded number of queued values per producer (back-pressure).
///
/// A plain struct kept inside the operator's state machine, under that machine's lock. Its
/// mutating methods only decide; they return the continuations to resume, and the storage
/// resumes them after releasing the lock.
///
/// Why batches: the consumer takes everything queued in one lock acquisition and then
/// returns values without touching the lock; a producer wakes a parked consumer once, not
/// once per value; and a producer that ran out of room is woken when the consumer drains,
/// so its wake-up also serves many values.
struct ProducerQueue<Element, Failure: Error> {
  typealias Waiter = UnsafeContinuation<Void, Never>

  enum Phase {
    case open
    /// No more values are accepted; the consumer gets what is queued, then `completion`.
    case completing(Completion<Failure>)
    /// Everything queued was discarded; the consumer's stream ends (`nil`).
    case cancelled
  }

  private(set) var phase = Phase.open
  private var queue: [Element] = []
  /// The producer tasks, cancelled when the stream ends.
  private var tasks: [Task<Void, Never>] = []
  private var consumer: Waiter?
  /// How many more values each producer may queue before it must wait.
  private var credits: [Int]
  /// Values queued per producer since the last drain; returned as credits by the drain when
  /// `refundsOnDrain` (the operator does not need to hold values beyond the drained batch).
  private var queuedSinceDrain: [Int]
  private var parkedProducers: [Waiter?]
  private let capacity: Int
  private let refundsOnDrain: Bool

  /// - Parameters:
  ///   - producers: the number of producer slots (indices `0..<producers`).
  ///   - capacity: how many values one producer may have queued and not yet refunded.
  ///   - refundsOnDrain: `true` when draining a value frees its room; `false` when the
  ///     consumer hands room back itself (``drain(into:refunds:)``), as `zip` does for values
  ///     it keeps until a tuple can be formed.
  init(producers: Int, capacity: Int, refundsOnDrain: Bool) {
    self.capacity = Swift.max(1, capacity)
    self.refundsOnDrain = refundsOnDrain
    credits = Array(repeating: self.capacity, count: producers)
    queuedSinceDrain = Array(repeating: 0, count: producers)
    parkedProducers = Array(repeating: nil, count: producers)
  }

  var isOpen: Bool {
    if case .open = phase { return true }
    return false
  }

  // MARK: Producers

  enum PushAction {
    /// Queued; resume the consumer if one is given.
    case queued(wake: Waiter?)
    /// The producer has no room: park it (``parkProducer(_:_:)``) and push again when resumed.
    case full
    /// The stream is over: the producer must stop.
    case closed
  }

  mutating func push(_ element: Element, from producer: Int) -> PushAction {
    guard isOpen else { return .closed }
    guard credits[producer] > 0 else { return .full }
    credits[producer] &-= 1
    queuedSinceDrain[producer] &+= 1
    queue.append(element)
    return .queued(wake: takeConsumer())
  }

  /// Queues an element that needs no room (an upstream's end): it is never held back.
  mutating func pushUncounted(_ element: Element) -> Waiter? {
    guard isOpen else { return nil }
    queue.append(element)
    return takeConsumer()
  }

  /// Parks a producer that found no room. Returns `false` (resume it at once, then push
  /// again) when room appeared or the stream closed since its push.
  mutating func parkProducer(_ producer: Int, _ waiter: Waiter) -> Bool {
    guard isOpen, credits[producer] == 0 else { return false }
    parkedProducers[producer] = waiter
    return true
  }

  /// Gives a producer slot to a new producer (`switchToLatest`'s next inner): its queued
  /// values are discarded and its room restored. Returns the slot's parked old producer.
  mutating func resetProducer(_ producer: Int, discardingQueue: Bool) -> Waiter? {
    if discardingQueue { queue.removeAll(keepingCapacity: true) }
    credits[producer] = capacity
    queuedSinceDrain[producer] = 0
    return parkedProducers[producer].take()
  }

  // MARK: Consumer

  enum DrainAction {
    /// `batch` now holds the values queued so far; resume `wake` (producers given room).
    case drained(wake: [Waiter])
    /// Nothing is queued and nothing has ended: resume `wake`, then park the consumer.
    case empty(wake: [Waiter])
    /// Nothing is queued and the stream is over: `nil` for a cancelled stream.
    case ended(Completion<Failure>?)
  }

  /// Moves every queued value into `batch` (which must be empty; its capacity is reused) and
  /// returns room: the consumer's explicit `refunds` (zeroed) or, with `refundsOnDrain`,
  /// room for every drained value.
  mutating func drain(into batch: inout [Element], refunds: inout [Int]) -> DrainAction {
    var wake: [Waiter] = []
    for producer in refunds.indices where refunds[producer] > 0 {
      credits[producer] &+= refunds[producer]
      refunds[producer] = 0
      if let waiter = parkedProducers[producer].take() { wake.append(waiter) }
    }
    if queue.isEmpty {
      switch phase {
      case .open: return .empty(wake: wake)
      case .completing(let completion): return .ended(completion)
      case .cancelled: return .ended(nil)
      }
    }
    swap(&queue, &batch)
    if refundsOnDrain {
      for producer in queuedSinceDrain.indices where queuedSinceDrain[producer] > 0 {
        credits[producer] &+= queuedSinceDrain[producer]
        queuedSinceDrain[producer] = 0
        if let waiter = parkedProducers[producer].take() { wake.append(waiter) }
      }
    }
    return .drained(wake: wake)
  }

  /// Parks the consumer. Returns `false` (resume it at once) when something arrived since
  /// its drain found nothing.
  mutating func parkConsumer(_ waiter: Waiter) -> Bool {
    guard queue.isEmpty, isOpen else { return false }
    consumer = waiter
    return true
  }

  // MARK: Ending

  /// Keeps a producer task so that the end of the stream cancels it. Returns `false` when
  /// the stream has already ended: the caller cancels the task itself.
  mutating func adopt(_ task: Task<Void, Never>) -> Bool {
    guard isOpen else { return false }
    tasks.append(task)
    return true
  }

  /// What the storage does after the stream ended: resume the waiters, cancel the tasks.
  struct Ending {
    var waiters: [Waiter] = []
    var tasks: [Task<Void, Never>] = []
  }

  /// Stops accepting values; the consumer gets what is queued, then `completion`. The first
  /// ending wins. The producers still running are cancelled.
  mutating func complete(_ completion: Completion<Failure>) -> Ending {
    guard isOpen else { return Ending() }
    phase = .completing(completion)
    return takeEnding()
  }

  /// Discards everything and ends the consumer's stream with `nil`.
  mutating func cancel() -> Ending {
    if case .cancelled = phase { return Ending() }
    phase = .cancelled
    queue.removeAll()
    return takeEnding()
  }

  private mutating func takeConsumer() -> Waiter? {
    consumer.take()
  }

  private mutating func takeEnding() -> Ending {
    var ending = Ending()
    if let consumer = consumer.take() { ending.waiters.append(consumer) }
    for producer in parkedProducers.indices {
      if let waiter = parkedProducers[producer].take() { ending.waiters.append(waiter) }
    }
    swap(&ending.tasks, &tasks)
    return ending
  }
}

extension ProducerQueue: Sendable where Element: Sendable {}
