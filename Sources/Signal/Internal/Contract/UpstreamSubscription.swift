/// A subscription to one upstream, made when the operator's own subscriber subscribes, and
/// iterated later by the task that pulls it.
///
/// This is how every concurrent operator keeps Combine's promise that subscribing is
/// synchronous: the operator's `makeAsyncIterator()` creates one of these per upstream, which
/// calls the upstream's `makeAsyncIterator()` at once, so a hot upstream (a subject) counts
/// the subscriber from that moment and keeps what it sends until the operator's task, started
/// by the first demand, takes the iterator (``take()``) and pulls it. A storage never receives
/// a publisher to subscribe to later, only these.
///
/// If the subscription ends before a task took the iterator, ``release()`` drops it, which
/// ends the upstream subscription (a subject frees the subscriber's slot and any sender it
/// was holding up).
@usableFromInline
final class UpstreamSubscription<Upstream: Publisher>: ReleasableSubscription {
  /// The iterator moves out of the lock exactly once, as a `sending` value, so the task
  /// that takes it owns it alone.
  @usableFromInline let iterator: Lock<Upstream.AsyncIterator?>

  /// Subscribes to `upstream` now.
  @inlinable
  init(subscribingTo upstream: Upstream) {
    iterator = Lock(upstream.makeAsyncIterator())
  }

  /// The subscription's iterator, for the one task that pulls it; `nil` once taken or released.
  @inlinable
  func take() -> sending Upstream.AsyncIterator? {
    iterator.withLock { $0.take() }
  }

  /// Gives the iterator back after ``take()``, for the next task that takes it: how a pull role
  /// passes between tasks (flatMap's outer publisher is pulled by whichever task frees a slot).
  ///
  /// Only the task that took the iterator may put it back, and it must not touch the iterator
  /// afterwards: the caller's state machine hands the role to one task at a time.
  @inlinable
  func putBack(_ iterator: consuming Upstream.AsyncIterator) {
    let handoff = Handoff(iterator)
    self.iterator.withLock { $0 = handoff.value }
  }

  @usableFromInline
  func release() {
    // Taken out under the lock and dropped after it: the upstream's deinit runs its own code.
    let released = take()
    _ = consume released
  }
}
