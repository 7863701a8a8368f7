/// The state of a combining publisher's upstreams, each pumped by its own task into one
/// ``ProducerQueue``: `zip` and `combineLatest` share it and differ only in what their
/// consumer does with the events (see ``UpstreamsCombiner``).
@usableFromInline
struct UpstreamsStateMachine<Value: Sendable, Failure: Error>: ProducerQueueStateMachine {
  @usableFromInline typealias Element = UpstreamEvent<Value>
  @usableFromInline var buffer: ProducerQueue<Element, Failure>

  @inlinable
  init(upstreams: Int, capacity: Int, refundsOnDrain: Bool) {
    buffer = ProducerQueue(producers: upstreams, capacity: capacity, refundsOnDrain: refundsOnDrain)
  }
}
