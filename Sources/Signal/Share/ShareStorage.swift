/// The shared state of one ``Publishers/Share`` (and of all its copies): the upstream and
/// the ``ShareState`` behind a ``Lock``. Decides under the lock; spawns and cancels pump
/// tasks only after releasing it.
@usableFromInline
final class ShareStorage<Upstream: Publisher>: Sendable where Upstream.Output: Sendable {
  @usableFromInline typealias Output = Upstream.Output
  @usableFromInline typealias Failure = Upstream.Failure

  @usableFromInline let upstream: Upstream
  private let state: Lock<ShareState<Output, Failure>>
  private let census: CensusScope?

  @usableFromInline
  init(upstream: Upstream, replay: Int) {
    self.upstream = upstream
    state = Lock(ShareState(replay: replay))
    census = Census.objectCreated()
  }

  deinit {
    census.objectDestroyed()
  }

  /// Subscribes to the current connection (creating one if needed) with `policy`.
  @usableFromInline
  func join(policy: BufferingPolicy) -> (
    membership: ShareMembership<Upstream>, values: SubjectValues<Output, Failure>.Iterator
  ) {
    let (id, values) = state.withLock { state in
      let (id, subject) = state.join()
      // Subscribed under the share's lock (the subject's lock nests inside it, never the
      // other way round), so joining and retiring a connection are ordered.
      return (id, subject.values(buffering: policy).makeAsyncIterator())
    }
    return (ShareMembership(storage: self, connectionID: id), values)
  }

  /// Starts the upstream of connection `id` unless it has started already.
  func start(_ id: Int) {
    guard case .spawnPump(let subject) = state.withLock({ $0.start(id) }) else { return }
    let upstream = self.upstream
    let pump = Task {
      let completion = await Pump.run(upstream, into: subject)
      self.state.withLock { $0.pumpFinished(id) }
      if let completion { await subject.send(completion: completion) }
    }
    if !state.withLock({ $0.attach(pump, to: id) }) { pump.cancel() }
  }

  /// A subscriber of connection `id` left; the last one cancels the upstream.
  func leave(_ id: Int) {
    state.withLock { $0.leave(id) }?.cancel()
  }
}

/// One subscriber's hold on a connection: alive while the subscriber's iterator is, or until
/// its stream ends. Its `deinit` counts the subscriber out, which may cancel the upstream.
@usableFromInline
final class ShareMembership<Upstream: Publisher>: Sendable where Upstream.Output: Sendable {
  let storage: ShareStorage<Upstream>
  let connectionID: Int

  init(storage: ShareStorage<Upstream>, connectionID: Int) {
    self.storage = storage
    self.connectionID = connectionID
  }

  deinit {
    storage.leave(connectionID)
  }

  @usableFromInline
  func start() {
    storage.start(connectionID)
  }
}
