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

  // MARK: The outer task

  /// Pulls the outer publisher while a slot is free, subscribing to each inner publisher as
  /// its value arrives.
  @inlinable
  func runOuter() async {
    guard var iterator = outer.take() else { return }
    while true {
      switch state.withLock({ $0.reserveSlot() }) {
      case .stop:
        return
      case .wait:
        await park(isolation: nil) { $0.parkOuter($1) }
        if Task.isCancelled { return }
        continue
      case .pull:
        break
      }
      let value: Upstream.Output?
      do throws(Upstream.Failure) {
        value = try await iterator.next(isolation: nil)
      } catch {
        complete(.failure(error))
        return
      }
      guard let value else {
        perform(state.withLock { $0.outerFinished() })
        return
      }
      let inner = InnerSubscription(subscribingTo: transform(value))
      switch state.withLock({ $0.enqueue(inner) }) {
      case .closed:
        inner.release()
        return
      case .queued(let recruit):
        carryOut(recruit)
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
        guard await run(inner, from: index) else { return }
      }
    }
  }

  /// Runs one inner subscription to its end; `false` when the worker must end.
  @inlinable
  func run(_ inner: InnerSubscription, from index: Int) async -> Bool {
    guard var iterator = inner.take() else { return false }
    do throws(Inner.Failure) {
      while let value = try await iterator.next(isolation: nil) {
        guard await push(value, from: index) else { return false }
      }
    } catch {
      complete(.failure(error))
      return false
    }
    perform(state.withLock { $0.innerFinished() })
    return true
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
