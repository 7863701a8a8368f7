/// Owned by an iterator only, so its `deinit` tells the storage that the subscriber is gone.
///
/// The storage itself cannot notice: the tasks it runs keep it alive. Every iterator of a
/// concurrent operator or subject holds exactly one lifetime, so dropping the iterator (a
/// `break` out of a `for await` loop, a `sink` whose task ended, an operator downstream that
/// finished early) always ends the subscription.
@usableFromInline
final class SubscriptionLifetime<Storage: SubscriptionStorage>: Sendable {
  @usableFromInline let storage: Storage
  @usableFromInline let subscriber: Storage.StateMachine.Subscriber

  @usableFromInline
  init(_ storage: Storage, subscriber: Storage.StateMachine.Subscriber) {
    self.storage = storage
    self.subscriber = subscriber
  }

  deinit {
    storage.cancel(subscriber)
  }
}

extension SubscriptionLifetime where Storage.StateMachine.Subscriber == Void {
  @usableFromInline
  convenience init(_ storage: Storage) {
    self.init(storage, subscriber: ())
  }
}
