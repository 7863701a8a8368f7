/// The shared state of one `switchToLatest` subscription: see ``SwitchToLatestStateMachine``.
final class SwitchToLatestStorage<Upstream: Publisher>: ProducerQueueStorage
where Upstream.Output: Publisher, Upstream.Output.Output: Sendable, Upstream.Output.Failure == Upstream.Failure {
  typealias Inner = Upstream.Output
  typealias StateMachine = SwitchToLatestStateMachine<Inner.Output, Upstream.Failure>
  typealias Element = Inner.Output
  typealias Failure = Upstream.Failure

  let state: Lock<StateMachine>
  let census = Census()
  /// The inner tasks, which the producer task (the outer task) waits for before it returns.
  let inners = LiveTasks()
  private let outer: UpstreamSubscription<Upstream>

  /// Subscribes to `upstream` now; the outer task starts on the first demand.
  init(upstream: Upstream) {
    outer = UpstreamSubscription(subscribingTo: upstream)
    state = Lock(StateMachine(capacity: switchToLatestBufferCapacity))
  }

  deinit {
    census.objectDestroyed()
  }

  var upstreams: [any ReleasableSubscription] { [outer] }

  /// The outer publisher runs in the producer task; each inner one in a task of its own.
  var runProducers: @Sendable (SwitchToLatestStorage) async -> Void {
    { storage in
      await storage.runOuter()
      await storage.inners.allReturned()
    }
  }

  private func runOuter() async {
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
          inners.started()
          let task = Task {
            await runInner(subscription, generation: generation)
            inners.returned()
          }
          if !state.withLock({ $0.adoptInner(task, generation: generation) }) { task.cancel() }
        }
      }
      if state.withLock({ $0.outerFinished() }) { complete(.finished) }
    } catch {
      complete(.failure(error))
    }
  }

  private func runInner(_ subscription: UpstreamSubscription<Inner>, generation: Int) async {
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
