/// One ``Publishers/Multicast/connect()``: the upstream subscription, made when `connect()` is
/// called, and the pump task that feeds it into the subject, started through the contract's
/// `spawn` and adopted by ``MulticastConnectionStateMachine``, so that cancelling the token
/// cancels the task and releases a subscription no task took.
@usableFromInline
final class MulticastConnectionStorage<Upstream: Publisher, Target: Subject>: SubscriptionStorage
where Target.Output == Upstream.Output, Target.Failure == Upstream.Failure {
  @usableFromInline let state = Lock(MulticastConnectionStateMachine())
  @usableFromInline let census = Census()
  @usableFromInline let subscription: UpstreamSubscription<Upstream>
  @usableFromInline let subject: Target

  /// Subscribes to `upstream` now.
  @inlinable
  init(subscribingTo upstream: Upstream, feeding subject: Target) {
    subscription = UpstreamSubscription(subscribingTo: upstream)
    self.subject = subject
  }

  deinit {
    census.objectDestroyed()
  }

  @usableFromInline
  var upstreams: [any ReleasableSubscription] { [subscription] }

  /// Starts the pump: the upstream's values go to the subject until it completes (the subject then
  /// sends that completion) or the connection is cancelled (the subject is left open).
  @inlinable
  func start() {
    spawn({ storage in
      let completion = await Pump.run(storage.subscription, into: storage.subject)
      storage.state.withLock { $0.pumpReturned() }
      if let completion { await storage.subject.send(completion: completion) }
    }) { $0.adopt($1) }
  }
}
