import Synchronization

/// Owned by an iterator only, so its `deinit` tells the storage that the subscriber is gone.
///
/// The storage itself cannot notice: the tasks it runs keep it alive. Every iterator of a
/// concurrent operator or subject holds exactly one lifetime, so dropping the iterator (a
/// `break` out of a `for await` loop, a `sink` whose task ended, an operator downstream that
/// finished early) always ends the subscription.
///
/// A storage whose state machine lets a subscriber go by itself (a subject's, once the subscriber has taken the
/// completion) says so with ``released()``: the `deinit` then has nothing to cancel and takes no lock, which a
/// subject's thousands of sinks ending together would otherwise each take, one after the other.
@usableFromInline
final class SubscriptionLifetime<Storage: SubscriptionStorage>: Sendable {
  @usableFromInline let storage: Storage
  @usableFromInline let subscriber: Storage.StateMachine.Subscriber
  @usableFromInline let isReleased = Atomic<Bool>(false)

  @usableFromInline
  init(_ storage: Storage, subscriber: Storage.StateMachine.Subscriber) {
    self.storage = storage
    self.subscriber = subscriber
  }

  /// The state machine no longer holds the subscriber. Called by the iterator's task; the last release of the
  /// lifetime orders the store before `deinit`, so relaxed is enough.
  @inlinable
  func released() {
    isReleased.store(true, ordering: .relaxed)
  }

  deinit {
    if !isReleased.load(ordering: .relaxed) { storage.cancel(subscriber) }
  }
}

extension SubscriptionLifetime where Storage.StateMachine.Subscriber == Void {
  @usableFromInline
  convenience init(_ storage: Storage) {
    self.init(storage, subscriber: ())
  }
}
