/// The shared state of one `flatMap` subscription: see ``FlatMapStateMachine``.
@usableFromInline
final class FlatMapStorage<Upstream: Publisher, Inner: Publisher>: ProducerQueueStorage
where Inner.Output: Sendable, Inner.Failure == Upstream.Failure {
  @usableFromInline typealias InnerSubscription = UpstreamSubscription<Inner>
  @usableFromInline typealias StateMachine = FlatMapStateMachine<Inner.Output, Upstream.Failure, InnerSubscription>
  @usableFromInline typealias Element = Inner.Output
  @usableFromInline typealias Failure = Upstream.Failure
  /// Runs one worker with the given index: ``runWorker(_:)``, specialized where the
  /// subscription is made.
  @usableFromInline typealias Worker = @Sendable (FlatMapStorage, Int) async -> Void

  @usableFromInline let state: Lock<StateMachine>
  @usableFromInline let census = Census()
  @usableFromInline let outer: UpstreamSubscription<Upstream>
  @usableFromInline let transform: @Sendable (Upstream.Output) -> Inner
  @usableFromInline let worker: Worker
  @usableFromInline let runProducers: @Sendable (FlatMapStorage) async -> Void
  /// The workers, which the producer task (the outer task) waits for before it returns.
  @usableFromInline let workers = LiveTasks()

  /// How many values one inner publisher may have waiting for the consumer before it is
  /// held back.
  @usableFromInline static var capacityPerInner: Int { 64 }

  /// Subscribes to `upstream` now; the outer task (`runOuter`) and the workers (`worker`)
  /// start on the first demand.
  @usableFromInline
  init(
    upstream: Upstream,
    maxPublishers: Int,
    transform: @escaping @Sendable (Upstream.Output) -> Inner,
    runOuter: @escaping @Sendable (FlatMapStorage) async -> Void,
    worker: @escaping Worker
  ) {
    outer = UpstreamSubscription(subscribingTo: upstream)
    self.transform = transform
    self.worker = worker
    runProducers = { storage in
      await runOuter(storage)
      await storage.workers.allReturned()
    }
    state = Lock(StateMachine(maxPublishers: maxPublishers, capacityPerInner: Self.capacityPerInner))
  }

  deinit {
    census.objectDestroyed()
  }

  @usableFromInline
  var upstreams: [any ReleasableSubscription] { [outer] }

  // MARK: Pulling the outer publisher

  /// The outer task: holds the pull role first, and ends when it puts it down.
  @inlinable
  func runOuter() async {
    guard case .pull = state.withLock({ $0.reserveSlot() }) else { return }
    _ = await pull(byWorker: false)
  }

  /// Pulls the outer publisher while a slot is free, subscribing to each inner publisher as
  /// its value arrives; the caller holds the pull role and a reserved slot. With every slot
  /// taken, puts the iterator back and the role down. Returns whether a worker goes on.
  @inlinable
  func pull(byWorker: Bool) async -> Bool {
    guard var iterator = outer.take() else { return false }
    while true {
      let value: Upstream.Output?
      do throws(Upstream.Failure) {
        value = try await iterator.next(isolation: nil)
      } catch {
        complete(.failure(error))
        return false
      }
      guard let value else {
        perform(state.withLock { $0.outerFinished(byWorker: byWorker) })
        return byWorker
      }
      let inner = InnerSubscription(subscribingTo: transform(value))
      switch state.withLock({ $0.enqueue(inner, byWorker: byWorker) }) {
      case .closed:
        inner.release()
        return false
      case .queued(let recruit):
        carryOut(recruit)
      }
      switch state.withLock({ $0.reserveSlot() }) {
      case .pull:
        continue
      case .stop:
        return false
      case .full:
        // Back in the subscription before the role is free, so whoever picks it up finds it.
        outer.putBack(consume iterator)
        switch state.withLock({ $0.putDown(byWorker: byWorker) }) {
        case .pull:
          guard let again = outer.take() else { return false }
          iterator = again
        case .putDown:
          return byWorker
        case .stop:
          outer.release()
          return false
        }
      }
    }
  }

  // MARK: Workers

  @inlinable
  func runWorker(_ index: Int) async {
    while true {
      switch state.withLock({ $0.nextInner() }) {
      case .exit:
        return
      case .park:
        await park(isolation: nil) { $0.parkIdle($1) }
        if Task.isCancelled { return }
      case .run(let inner, let recruit):
        carryOut(recruit)
        switch await run(inner, from: index) {
        case .stop:
          return
        case .seek:
          continue
        case .pull:
          guard await pull(byWorker: true) else { return }
        }
      }
    }
  }

  @usableFromInline
  enum WorkerNext {
    case stop
    case seek
    case pull
  }

  /// Runs one inner subscription to its end (its iterator is gone when this returns).
  @inlinable
  func run(_ inner: InnerSubscription, from index: Int) async -> WorkerNext {
    guard var iterator = inner.take() else { return .stop }
    do throws(Inner.Failure) {
      while let value = try await iterator.next(isolation: nil) {
        guard await push(value, from: index) else { return .stop }
      }
    } catch {
      complete(.failure(error))
      return .stop
    }
    switch state.withLock({ $0.innerFinished() }) {
    case .seek(let effects):
      perform(effects)
      return .seek
    case .pull:
      return .pull
    }
  }

  @inlinable
  func carryOut(_ recruit: StateMachine.Recruit) {
    switch recruit {
    case .none:
      break
    case .wake(let waiter):
      wake(waiter)
    case .start(let index):
      let worker = self.worker
      workers.started()
      spawn({ storage in
        await worker(storage, index)
        storage.workers.returned()
      }) { $0.adopt($1) }
    }
  }
}
