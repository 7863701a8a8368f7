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

extension ProducerGroupStorage where StateMachine: ProducerQueueStateMachine {
  /// Call at the end of `init`: takes what the immediate upstreams have at once, in subscription
  /// order (Combine delivers them while subscribing), and if that ended the stream, releases
  /// the other upstreams at once.
  @inlinable
  func takeImmediateUpstreams() {
    guard producers.contains(where: { $0.takeNow != nil }) else { return }
    state.withLock { $0.buffer.beginSubscribing() }
    producers.takeImmediate(into: self)
    let ended = state.withLock { machine in
      machine.buffer.endSubscribing()
      return !machine.buffer.isOpen && !machine.buffer.isIdle
    }
    if ended {
      for upstream in upstreams { upstream.release() }
    }
  }
}
