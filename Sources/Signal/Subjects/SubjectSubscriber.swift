/// One subscriber's slice of a subject's state: its policy, where it reads, and its consumer
/// while that is parked waiting for a value.
///
/// A `.suspend` subscriber reads the subject's shared ``SubjectLog`` at its `cursor`; its own
/// `buffer` holds only the values replayed to it when it subscribed, which come first. A
/// `.dropOldest` / `.dropNewest` subscriber applies its policy to each value, so it keeps its
/// values in its own `buffer`. The subject's *lane reader* (see ``SubjectLane``) is a `.suspend` subscriber that
/// reads a ring of its own instead of the log, after its replayed values.
@usableFromInline
struct SubjectSubscriber<Output: Sendable>: Sendable {
  /// `0` marks a vacant slot, which receives nothing.
  @usableFromInline let id: Int
  @usableFromInline let policy: BufferingPolicy
  @usableFromInline let capacity: Int
  /// Whether this subscriber reads the shared log: a `.suspend` subscriber without a lane. Since nothing it is
  /// owed is ever dropped, its consumer may take several values at once.
  @usableFromInline let isSuspending: Bool
  /// Whether this is the subject's lane reader, which reads ``SubjectState/lane`` (after its replayed values)
  /// instead of the log. Senders wait for it as for a log reader; its consumer reads the lane without the lock.
  @usableFromInline let readsLane: Bool
  /// A dropping subscriber's values; a `.suspend` subscriber's replayed values.
  @usableFromInline var buffer: RingBuffer<Output>
  /// The log position of the next value a `.suspend` subscriber reads.
  @usableFromInline var cursor = 0
  /// Only set while nothing is buffered for the subscriber.
  @usableFromInline var waiter: Waiter?
  /// A `.suspend` subscriber blocks senders from the moment it is owed `capacity` values until
  /// it has drained to the low watermark, so a parked sender is woken once per half buffer.
  @usableFromInline var isBlocking = false
  /// Values a `.suspend` subscriber's consumer took in its last batch and has not come back
  /// for yet: they still count against the capacity, so batching never widens the bound.
  @usableFromInline var held = 0

  @inlinable
  init(id: Int, policy: BufferingPolicy, readsLane: Bool = false) {
    self.id = id
    self.policy = policy
    self.readsLane = readsLane
    capacity = policy.capacity
    if case .suspend = policy, !readsLane { isSuspending = true } else { isSuspending = false }
    // Start empty and grow by doubling up to what the traffic needs (at most `capacity`):
    // an idle subscriber then costs no buffer, and a busy one stops allocating once grown.
    buffer = RingBuffer()
  }

  @inlinable
  static var vacant: SubjectSubscriber { SubjectSubscriber(id: 0, policy: .dropNewest(1)) }

  /// How many values wait for this subscriber when the log ends at `logEnd` (for the lane reader, those in its own
  /// buffer; the lane's come on top).
  @inlinable
  func buffered(logEnd: Int) -> Int {
    isSuspending ? buffer.count + (logEnd - cursor) : buffer.count
  }

  /// The log end at which a `.suspend` subscriber will be owed its capacity (counting what it
  /// holds in a batch): a send that reaches it makes the subscriber block senders. It only
  /// grows as the subscriber reads, which lets the subject keep a lower bound of it cheaply.
  @inlinable
  var blockingPosition: Int { cursor - buffer.count - held + capacity }

  /// Buffers `value` in the subscriber's own buffer under its policy: replayed values of any
  /// subscriber, and every value of a dropping one. `.suspend` always accepts (replayed values
  /// may overfill a new subscriber, which then blocks senders).
  @inlinable
  mutating func receive(_ value: Output) {
    switch policy {
    case .suspend:
      buffer.append(value)
    case .dropOldest:
      if buffer.count >= capacity { _ = buffer.popFirst() }
      buffer.append(value)
    case .dropNewest:
      guard buffer.count < capacity else { return }
      buffer.append(value)
    }
  }

  /// Takes the next value: the subscriber's own buffer first, then (`.suspend`) the log. Kept this small on
  /// purpose: it is inlined into the loop that moves a run into a batch under the lock, where a call per value
  /// would lengthen the lock's hold (the lane reader takes from its lane in ``SubjectState/nextFromLane(_:)``).
  @inlinable
  mutating func take(from log: SubjectLog<Output>) -> Output? {
    if let value = buffer.popFirst() { return value }
    guard isSuspending, cursor < log.end else { return nil }
    let value = log[cursor]
    cursor += 1
    return value
  }

  /// Call after taking a value: `true` when a blocking subscriber has drained to its low
  /// watermark and stops blocking.
  @inlinable
  mutating func drainedBelowWatermark(logEnd: Int, inLane: Int = 0) -> Bool {
    guard isBlocking, buffered(logEnd: logEnd) + inLane + held <= capacity / 2 else { return false }
    isBlocking = false
    return true
  }
}
