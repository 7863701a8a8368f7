/// The shared state of one `switchToLatest` subscription: see ``SwitchToLatestStateMachine``.
///
/// The per-value paths (an inner task's pushes, the consumer's refills) and the tasks' bodies are inlinable, so that
/// they are specialized for the caller's publishers, as `flatMap`'s are: unspecialized, every value looked up the
/// generic metadata of the buffer and the actions (one asynchronous inner cost about 440 ns a value, ten times
/// `flatMap`'s with the same inner).
@usableFromInline
final class SwitchToLatestStorage<Upstream: Publisher>: ProducerQueueStorage
where Upstream.Output: Publisher, Upstream.Output.Output: Sendable, Upstream.Output.Failure == Upstream.Failure {
  @usableFromInline typealias Inner = Upstream.Output
  @usableFromInline typealias StateMachine = SwitchToLatestStateMachine<Inner.Output, Upstream.Failure>
  @usableFromInline typealias Element = Inner.Output
  @usableFromInline typealias Failure = Upstream.Failure

  @usableFromInline let state: Lock<StateMachine>
  @usableFromInline let census = Census()
  /// The inner tasks, which the producer task (the outer task) waits for before it returns.
  @usableFromInline let inners = LiveTasks()
  @usableFromInline let outer: UpstreamSubscription<Upstream>

  /// Subscribes to `upstream` now; the outer task starts on the first demand.
  @usableFromInline
  init(upstream: Upstream) {
    outer = UpstreamSubscription(subscribingTo: upstream)
    state = Lock(StateMachine(capacity: switchToLatestBufferCapacity))
    switchImmediateOuter()
  }

  /// An immediate outer publisher's inner publishers are there now: each is subscribed at once and
  /// the last one stays subscribed, as Combine switches while the subscriber subscribes, so a hot
  /// inner loses nothing sent right after. An immediate inner publisher's values are queued at once
  /// (they are its output before the next inner replaces it); if they do not fit, the rest of the
  /// outer publisher waits for demand.
  private func switchImmediateOuter() {
    guard Upstream.AsyncIterator.isImmediate else { return }
    state.withLock { $0.buffer.beginSubscribing() }
    defer { state.withLock { $0.buffer.endSubscribing() } }
    var isSwitching = true
    outer.takeNow(while: { isSwitching && state.withLock { $0.buffer.isOpen } }) { event in
      switch event {
      case .value(let inner):
        let subscription = UpstreamSubscription(subscribingTo: inner)
        // What an earlier immediate inner queued stays: Combine delivered it while subscribing.
        let switched = state.withLock { $0.switchInner(to: subscription, discarding: false) }
        guard case .run(let generation, let effects) = switched else {
          subscription.release()
          return
        }
        perform(effects)
        var innerEnded = false
        subscription.takeNow(while: { state.withLock { $0.buffer.hasRoom(for: 0) } }) { event in
          innerEnded = true
          switch event {
          case .value(let value):
            innerEnded = false
            pushNow(value, from: 0)
          case .finished:
            if state.withLock({ $0.innerFinished(generation) }) { complete(.finished) }
          case .failed(let error):
            perform(state.withLock { $0.innerFailed(generation, error) })
          }
        }
        if Inner.AsyncIterator.isImmediate && !innerEnded { isSwitching = false }
      case .finished:
        if state.withLock({ $0.outerFinished() }) { complete(.finished) }
      case .failed(let error):
        complete(.failure(error))
      }
    }
  }

  deinit {
    census.objectDestroyed()
  }

  @usableFromInline
  var upstreams: [any ReleasableSubscription] { [outer] }

  /// The outer publisher runs in the producer task; each inner one in a task of its own.
  @inlinable
  var runProducers: @Sendable (SwitchToLatestStorage) async -> Void {
    { storage in
      if let (generation, subscription) = storage.state.withLock({ $0.takeUnstartedInner() }),
        let subscription = subscription as? UpstreamSubscription<Inner>
      {
        storage.startInner(subscription, generation: generation)
      }
      await storage.runOuter()
      await storage.inners.allReturned(reportingTo: storage.census)
    }
  }

  @inlinable
  func runOuter() async {
    guard var iterator = outer.take() else { return }
    do throws(Upstream.Failure) {
      while let inner = try await iterator.next(isolation: nil) {
        // Subscribed here, as the inner publisher arrives: a hot one loses nothing while its
        // task starts.
        let subscription = UpstreamSubscription(subscribingTo: inner)
        switch state.withLock({ $0.switchInner(to: subscription) }) {
        case .closed:
          subscription.release()
          return
        case .run(let generation, let effects):
          perform(effects)
          startInner(subscription, generation: generation)
        }
      }
      if state.withLock({ $0.outerFinished() }) { complete(.finished) }
    } catch {
      complete(.failure(error))
    }
  }

  /// Runs the current inner subscription in a task of its own, through the contract's `spawn`: the
  /// next switch or the end of the stream cancels it, and the producer task waits for it.
  @inlinable
  func startInner(_ subscription: UpstreamSubscription<Inner>, generation: Int) {
    inners.started()
    spawn({ storage in
      await storage.runInner(subscription, generation: generation)
      storage.inners.returned()
    }) { $0.adoptInner($1, generation: generation) }
  }

  @inlinable
  func runInner(_ subscription: UpstreamSubscription<Inner>, generation: Int) async {
    guard var iterator = subscription.take() else { return }
    state.withLock { $0.innerStarted(generation) }
    do throws(Inner.Failure) {
      while let value = try await iterator.next(isolation: nil) {
        guard await push(value, from: 0, isCurrent: { $0.isCurrent(generation) }) else { return }
      }
      if state.withLock({ $0.innerFinished(generation) }) { complete(.finished) }
    } catch {
      perform(state.withLock { $0.innerFailed(generation, error) })
    }
  }
}

/// How many values the current inner publisher of a `switchToLatest` may have waiting for
/// the consumer before it is held back.
let switchToLatestBufferCapacity = 64
