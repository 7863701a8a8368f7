/// A ``BatchStorage`` fed by a fixed set of upstreams, one producer each (`merge`, `zip`,
/// `combineLatest`): what it releases when the subscription ends before demand, and how its
/// producers start, are the same for all of them.
@usableFromInline
protocol ProducerGroupStorage: BatchStorage {
  /// One per upstream, subscribed when the subscriber subscribed.
  var producers: [UpstreamProducer<Self>] { get }
}

extension ProducerGroupStorage {
  @inlinable
  var upstreams: [any ReleasableSubscription] { producers.map(\.subscription) }

  /// Runs every producer, each in its own child task.
  @inlinable
  var runProducers: @Sendable (Self) async -> Void {
    { storage in await storage.producers.runAll(on: storage) }
  }
}
