/// The shared state of one ``Publishers/Share`` (and of all its copies): the upstream and its
/// ``ConnectionState`` behind a ``Lock``, each connection relaying through a subject. Decides
/// under the lock; subscribes, spawns and cancels only after releasing it.
@usableFromInline
final class ShareStorage<Upstream: Publisher>: ConnectionStorage where Upstream.Output: Sendable {
  @usableFromInline typealias Output = Upstream.Output
  @usableFromInline typealias Failure = Upstream.Failure
  @usableFromInline typealias Relay = ReplaySubject<Output, Failure>
  @usableFromInline typealias Subscription = UpstreamSubscription<Upstream>

  @usableFromInline let upstream: Upstream
  let replay: Int
  /// The pump loop, specialized for `Upstream` where the share was created (see `Pump.run`).
  let pump: @Sendable (Subscription, Relay) async -> Completion<Failure>?
  @usableFromInline let state = Lock(ConnectionState<Relay, Subscription>())
  @usableFromInline let census = Census()

  @usableFromInline
  init(upstream: Upstream, replay: Int, pump: @escaping @Sendable (Subscription, Relay) async -> Completion<Failure>?) {
    self.upstream = upstream
    self.replay = replay
    self.pump = pump
  }

  deinit {
    census.objectDestroyed()
  }

  /// Each connection's upstream subscription lives in the state, released with its connection.
  @usableFromInline var upstreams: [any ReleasableSubscription] { [] }

  /// Subscribes to the current connection (creating one if needed, which subscribes to the
  /// upstream now) with `policy`.
  @usableFromInline
  func join(policy: BufferingPolicy) -> ConnectedIterator<SubjectValues<Output, Failure>.Iterator, ShareStorage> {
    let replay = self.replay
    let (action, values) = state.withLock { state in
      let action = state.join { ReplaySubject(bufferSize: replay) }
      // Subscribed under the share's lock (the subject's lock nests inside it, never the
      // other way round), so a subscriber that joined before the upstream completed always
      // receives that completion.
      return (action, action.relay.values(buffering: policy).makeAsyncIterator())
    }
    if case .subscribe(let id, _) = action {
      // After the subscriber joined the relay, so it receives every value; outside the lock,
      // because subscribing runs the upstream's own code.
      let subscription = Subscription(subscribingTo: upstream)
      carryOut(state.withLock { $0.subscribed(subscription, to: id) }, connection: id)
    }
    return ConnectedIterator(base: values, membership: SubscriptionLifetime(self, subscriber: action.id))
  }

  @usableFromInline
  func start(_ id: Int) {
    carryOut(state.withLock { $0.start(id) }, connection: id)
  }

  private func carryOut(_ action: ConnectionState<Relay, Subscription>.StartAction, connection id: Int) {
    switch action {
    case .none:
      break
    case .release(let subscription):
      subscription.release()
    case .startPump(let relay, let subscription):
      let run = self.pump
      spawn({ storage in
        let completion = await run(subscription, relay)
        // Retired before the completion is sent, so that nobody joins a completing subject.
        storage.state.withLock { $0.retire(id) }
        if let completion { await relay.send(completion: completion) }
      }) { $0.adopt($1, to: id) }
    }
  }
}
