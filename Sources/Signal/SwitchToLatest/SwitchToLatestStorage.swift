/// The shared state of one `switchToLatest` subscription: see ``SwitchToLatestStateMachine``.
final class SwitchToLatestStorage<Upstream: Publisher>: ProducerQueueStorage
where Upstream.Output: Publisher, Upstream.Output.Output: Sendable, Upstream.Output.Failure == Upstream.Failure {
  typealias Inner = Upstream.Output
  typealias StateMachine = SwitchToLatestStateMachine<Inner.Output, Upstream.Failure>
  typealias Element = Inner.Output
  typealias Failure = Upstream.Failure

  let state: Lock<StateMachine>
  let census: CensusScope?
  private let upstream: Upstream

  init(upstream: Upstream) {
    self.upstream = upstream
    state = Lock(StateMachine(capacity: switchToLatestBufferCapacity))
    census = Census.objectCreated()
  }

  deinit {
    census.objectDestroyed()
  }

  /// The outer publisher runs in the producer task; each inner one in a task of its own.
  var runProducers: @Sendable (SwitchToLatestStorage) async -> Void {
    { await $0.runOuter() }
  }

  private func runOuter() async {
    var iterator = upstream.makeAsyncIterator()
    do throws(Upstream.Failure) {
      while let inner = try await iterator.next(isolation: nil) {
        guard let change = state.withLock({ $0.switchInner() }) else { return }
        change.previous?.cancel()
        if let parked = change.parked { resume(parked) }
        let task = Task { await runInner(inner, generation: change.generation) }
        if !state.withLock({ $0.adoptInner(task, generation: change.generation) }) { task.cancel() }
      }
      if state.withLock({ $0.outerFinished() }) { complete(.finished) }
    } catch {
      complete(.failure(error))
    }
  }

  private func runInner(_ inner: Inner, generation: Int) async {
    var iterator = inner.makeAsyncIterator()
    do throws(Inner.Failure) {
      while let value = try await iterator.next(isolation: nil) {
        guard await push(value, from: 0, isCurrent: { $0.isCurrent(generation) }) else { return }
      }
      if state.withLock({ $0.innerFinished(generation) }) { complete(.finished) }
    } catch {
      execute(state.withLock { $0.innerFailed(generation, error) })
    }
  }
}

/// How many values the current inner publisher of a `switchToLatest` may have waiting for
/// the consumer before it is held back.
let switchToLatestBufferCapacity = 64
