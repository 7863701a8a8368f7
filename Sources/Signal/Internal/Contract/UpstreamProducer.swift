/// One upstream of a many-upstream operator (`merge`, `zip`, `combineLatest`), subscribed
/// when the operator's subscriber subscribed, with the loop that will pull it once the
/// producers start.
@usableFromInline
struct UpstreamProducer<Storage: AnyObject & Sendable>: Sendable {
  /// Released if the subscription ends before the producers start.
  @usableFromInline let subscription: any ReleasableSubscription
  /// Pulls the upstream into the storage; given the storage and the upstream's index.
  @usableFromInline let run: @Sendable (Storage, Int) async -> Void

  @inlinable
  init<Upstream: Publisher>(
    subscribingTo upstream: Upstream,
    run: @escaping @Sendable (Storage, UpstreamSubscription<Upstream>, Int) async -> Void
  ) {
    let subscription = UpstreamSubscription(subscribingTo: upstream)
    self.subscription = subscription
    self.run = { storage, index in await run(storage, subscription, index) }
  }
}

extension Array {
  /// Runs every producer in a child task of its own; returns when all have stopped.
  @inlinable
  func runAll<Storage>(on storage: Storage) async where Element == UpstreamProducer<Storage> {
    await withDiscardingTaskGroup { group in
      for (index, producer) in enumerated() {
        group.addTask { await producer.run(storage, index) }
      }
    }
  }
}
