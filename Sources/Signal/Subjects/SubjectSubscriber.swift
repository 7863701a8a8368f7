/// One subscriber's slice of a subject's state: its own bounded buffer and policy, and
/// its consumer while that is parked waiting for a value.
@usableFromInline
struct SubjectSubscriber<Output: Sendable>: Sendable {
  /// `0` marks a vacant slot, which receives nothing.
  @usableFromInline let id: Int
  @usableFromInline let policy: BufferingPolicy
  @usableFromInline let capacity: Int
  @usableFromInline var buffer: RingBuffer<Output>
  /// Only set while `buffer` is empty.
  @usableFromInline var waiter: Waiter?
  /// A `.suspend` subscriber blocks senders from the moment its buffer is full until it
  /// has drained to the low watermark, so a parked sender is woken once per half buffer.
  @usableFromInline var isBlocking = false
  /// Values a `.suspend` subscriber's consumer took in its last batch and has not come back
  /// for yet: they still count against the capacity, so batching never widens the bound.
  @usableFromInline var held = 0

  @usableFromInline
  init(id: Int, policy: BufferingPolicy) {
    self.id = id
    self.policy = policy
    capacity = policy.capacity
    // Start empty and grow by doubling up to what the traffic needs (at most `capacity`):
    // an idle subscriber then costs no buffer, and a busy one stops allocating once grown.
    buffer = RingBuffer()
  }

  @usableFromInline
  static var vacant: SubjectSubscriber { SubjectSubscriber(id: 0, policy: .dropNewest(1)) }

  /// Buffers `value` under the subscriber's policy. Returns the consumer to wake (the buffer
  /// went from empty to non-empty) and whether this subscriber just started blocking senders.
  /// `.suspend` always accepts: the subject admits a send only when no subscriber is full
  /// (replayed values may overfill a new subscriber, which then blocks senders).
  @inlinable
  mutating func receive(_ value: Output) -> (consumer: Waiter?, becameBlocking: Bool) {
    guard id != 0 else { return (nil, false) }
    var becameBlocking = false
    switch policy {
    case .suspend:
      buffer.append(value)
      if !isBlocking, buffer.count + held >= capacity {
        isBlocking = true
        becameBlocking = true
      }
    case .dropOldest:
      if buffer.count >= capacity { _ = buffer.popFirst() }
      buffer.append(value)
    case .dropNewest:
      guard buffer.count < capacity else { return (nil, false) }
      buffer.append(value)
    }
    guard let consumer = waiter else { return (nil, becameBlocking) }
    waiter = nil
    return (consumer, becameBlocking)
  }

  /// Whether senders wait for this subscriber (`.suspend`): nothing it buffered is ever dropped,
  /// so its consumer may take several values at once.
  @inlinable
  var isSuspending: Bool {
    if case .suspend = policy { return true }
    return false
  }

  /// Call after taking a value: `true` when a blocking subscriber has drained to its low
  /// watermark and stops blocking.
  @inlinable
  mutating func drainedBelowWatermark() -> Bool {
    guard isBlocking, buffer.count + held <= capacity / 2 else { return false }
    isBlocking = false
    return true
  }
}
