/// One upstream of a many-upstream operator (`merge`, `zip`, `combineLatest`), subscribed
/// when the operator's subscriber subscribed, with the loop that will pull it once the
/// producers start.
@usableFromInline
struct UpstreamProducer<Storage: AnyObject & Sendable>: Sendable {
  /// Released if the subscription ends before the producers start.
  @usableFromInline let subscription: any ReleasableSubscription
  /// Pulls the upstream into the storage; given the storage and the upstream's index.
  @usableFromInline let run: @Sendable (Storage, Int) async -> Void
  /// Takes what an immediate upstream has (``_ImmediatePublisher``) into the storage at once, while
  /// the subscriber subscribes, as Combine delivers it; `nil` for any other upstream.
  @usableFromInline let takeNow: (@Sendable (Storage, Int) -> Void)?

  @inlinable
  init<Upstream: Publisher>(
    subscribingTo upstream: Upstream,
    takeNow: (@Sendable (Storage, UpstreamSubscription<Upstream>, Int) -> Void)? = nil,
    run: @escaping @Sendable (Storage, UpstreamSubscription<Upstream>, Int) async -> Void
  ) {
    let subscription = UpstreamSubscription(subscribingTo: upstream)
    self.subscription = subscription
    self.run = { storage, index in await run(storage, subscription, index) }
    if let takeNow, Upstream.AsyncIterator.isImmediate {
      self.takeNow = { storage, index in takeNow(storage, subscription, index) }
    } else {
      self.takeNow = nil
    }
  }
}

extension UpstreamSubscription {
  /// Takes the events of an immediate upstream now (see ``AsyncIteratorProtocol/takeNow(while:_:)``),
  /// while `more()` allows; the rest stays for the task that pulls it later, and an upstream taken
  /// to its end is released (that task then finds nothing to pull).
  @inlinable
  func takeNow(
    while more: () -> Bool,
    _ receive: (ImmediateEvent<Upstream.Output, Upstream.Failure>) -> Void
  ) {
    guard Upstream.AsyncIterator.isImmediate, var iterator = take() else { return }
    var ended = false
    _ = iterator.takeNow(while: { !ended && more() }) { event in
      if case .value = event {} else { ended = true }
      receive(event)
    }
    if !ended { putBack(iterator) }
  }
}

extension Array {
  /// Takes what the immediate upstreams have at once, in subscription order.
  @inlinable
  func takeImmediate<Storage>(into storage: Storage) where Element == UpstreamProducer<Storage> {
    for (index, producer) in enumerated() { producer.takeNow?(storage, index) }
  }

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
