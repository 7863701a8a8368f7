/// What a ``TimedLogic`` emits: values for the consumer, in order, and possibly the end of
/// the stream because a timer ran out (``Publisher/timeout(_:clock:tolerance:customError:)``).
@usableFromInline
struct TimedOutputs<Output: Sendable>: Sendable {
  @usableFromInline var values: RingBuffer<Output>
  @usableFromInline var timedOut = false

  @inlinable
  init() {
    values = RingBuffer(minimumCapacity: 2)
  }

  @inlinable
  mutating func emit(_ value: Output) {
    values.append(value)
  }

  @inlinable
  mutating func endWithTimeout() {
    timedOut = true
  }

  @inlinable
  mutating func popFirst() -> Output? {
    values.popFirst()
  }

  @inlinable
  mutating func removeAll() {
    values.removeAll()
  }

  @inlinable var count: Int { values.count }
}
