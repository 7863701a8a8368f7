/// A subscription to an inner publisher that is owned by one task at a time and handed on
/// through ``FlatMapStateMachine``: the puller makes it, the state machine holds it while it
/// waits, and the one worker that pops it (or the one ending that releases it) takes the
/// iterator out. Unlike ``UpstreamSubscription`` it has no lock of its own, which saves an
/// allocation, a mutex and two lock round trips per inner publisher.
@usableFromInline
final class HandedSubscription<Upstream: Publisher>: ReleasableSubscription, @unchecked Sendable {
  // @unchecked: reached only by its current owner; ownership passes through the state
  // machine's lock (pending is popped by exactly one worker or one release), which
  // FlatMapStateMachineTests.eachWaitingInnerIsHandedOnOnce checks and the TSan run of the
  // flatMap stress tests would see broken as a race on `iterator`.
  @usableFromInline var iterator: Upstream.AsyncIterator?

  @inlinable
  init(subscribingTo upstream: Upstream) {
    iterator = upstream.makeAsyncIterator()
  }

  @inlinable
  func take() -> Upstream.AsyncIterator? {
    iterator.take()
  }

  @usableFromInline
  func release() {
    let released = iterator.take()
    _ = consume released
  }
}
