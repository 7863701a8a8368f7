/// Shared state that a subscription ends by cancelling.
@usableFromInline
protocol CancellableStorage: AnyObject, Sendable {
  /// Ends the subscription: stops its background work and wakes everything parked.
  func cancel()
}

/// Owned by an iterator only, so its `deinit` tells the storage that the consumer is gone.
///
/// The storage itself cannot notice: the background work it runs keeps it alive.
@usableFromInline
final class SubscriptionLifetime<Storage: CancellableStorage>: Sendable {
  @usableFromInline let storage: Storage

  @usableFromInline
  init(_ storage: Storage) {
    self.storage = storage
  }

  deinit {
    storage.cancel()
  }
}
