/// The shared state of one ``Publishers/Share`` (and of all its copies): the upstream and its
/// ``ConnectionState`` behind a ``Lock``, each connection relaying through a subject. Decides
/// under the lock; spawns and cancels pump tasks only after releasing it.
@usableFromInline
final class ShareStorage<Upstream: Publisher>: ConnectionOwner where Upstream.Output: Sendable {
  @usableFromInline typealias Output = Upstream.Output
  @usableFromInline typealias Failure = Upstream.Failure
  @usableFromInline typealias Relay = ReplaySubject<Output, Failure>

  @usableFromInline let upstream: Upstream
  let replay: Int
  /// The pump loop, specialized for `Upstream` where the share was created (see `Pump.run`).
  let pump: @Sendable (Relay) async -> Completion<Failure>?
  private let state = Lock(ConnectionState<Relay, Task<Void, Never>>())
  private let census: CensusScope?

  @usableFromInline
  init(upstream: Upstream, replay: Int, pump: @escaping @Sendable (Relay) async -> Completion<Failure>?) {
    self.upstream = upstream
    self.replay = replay
    self.pump = pump
    census = Census.objectCreated()
  }

  deinit {
    census.objectDestroyed()
  }

  /// Subscribes to the current connection (creating one if needed) with `policy`.
  @usableFromInline
  func join(policy: BufferingPolicy) -> ConnectedIterator<SubjectValues<Output, Failure>.Iterator, ShareStorage> {
    let replay = self.replay
    let (id, values) = state.withLock { state in
      let (id, subject) = state.join { ReplaySubject(bufferSize: replay) }
      // Subscribed under the share's lock (the subject's lock nests inside it, never the
      // other way round), so a subscriber that joined before the upstream completed always
      // receives that completion.
      return (id, subject.values(buffering: policy).makeAsyncIterator())
    }
    return ConnectedIterator(base: values, membership: ConnectionMembership(owner: self, connectionID: id))
  }

  @usableFromInline
  func start(_ id: Int) {
    guard let subject = state.withLock({ $0.start(id) }) else { return }
    let run = self.pump
    let pump = Task {
      let completion = await run(subject)
      // Retired before the completion is sent, so that nobody joins a completing subject.
      self.state.withLock { $0.retire(id) }
      if let completion { await subject.send(completion: completion) }
    }
    if !state.withLock({ $0.attach(pump, to: id) }) { pump.cancel() }
  }

  @usableFromInline
  func leave(_ id: Int) {
    state.withLock { $0.leave(id) }?.cancel()
  }
}
