/// The outer iterator of a `flatMap` subscription.
///
/// It moves between worker tasks, so it lives outside the lock: only the worker that took
/// the baton (``FlatMapStateMachine/nextWork()`` returned `.pull`) touches it, until it hands
/// the baton back with ``FlatMapStateMachine/pulled()`` or `outerFinished()`.
@usableFromInline
final class OuterBaton<Iterator: AsyncIteratorProtocol>: @unchecked Sendable {
  // @unchecked: the state machine grants the baton to one worker at a time under the lock,
  // whose release and acquire order every access; the TSan run of FlatMapStressTests
  // (workers racing for the baton) would report an access outside that protocol.
  @usableFromInline var iterator: Iterator

  @usableFromInline
  init(_ iterator: Iterator) {
    self.iterator = iterator
  }
}

/// The shared state of one `flatMap` subscription: see ``FlatMapStateMachine``.
@usableFromInline
final class FlatMapStorage<Upstream: Publisher, Inner: Publisher>: ProducerQueueStorage
where Inner.Output: Sendable, Inner.Failure == Upstream.Failure {
  @usableFromInline typealias StateMachine = FlatMapStateMachine<Inner.Output, Upstream.Failure>
  @usableFromInline typealias Element = Inner.Output
  @usableFromInline typealias Failure = Upstream.Failure
  /// Runs one worker with the given index: ``runWorker(_:)``, specialized where the
  /// subscription is made.
  @usableFromInline typealias Worker = @Sendable (FlatMapStorage, Int) async -> Void

  @usableFromInline let state: Lock<StateMachine>
  @usableFromInline let census: CensusScope?
  @usableFromInline let outer: OuterBaton<Upstream.AsyncIterator>
  @usableFromInline let transform: @Sendable (Upstream.Output) -> Inner
  @usableFromInline let worker: Worker

  /// How many values one inner publisher may have waiting for the consumer before it is
  /// held back.
  @usableFromInline static var capacityPerInner: Int { 64 }

  @usableFromInline
  init(
    upstream: Upstream,
    maxPublishers: Int,
    transform: @escaping @Sendable (Upstream.Output) -> Inner,
    worker: @escaping Worker
  ) {
    outer = OuterBaton(upstream.makeAsyncIterator())
    self.transform = transform
    self.worker = worker
    state = Lock(StateMachine(maxPublishers: maxPublishers, capacityPerInner: Self.capacityPerInner))
    census = Census.objectCreated()
  }

  deinit {
    census.objectDestroyed()
  }

  /// Every recruited worker starts here: the first in the producer task, the others in
  /// tasks of their own.
  @usableFromInline
  var runProducers: @Sendable (FlatMapStorage) async -> Void {
    { storage in
      if let index = storage.state.withLock({ $0.workerStarted() }) { await storage.worker(storage, index) }
    }
  }

  @inlinable
  func runWorker(_ index: Int) async {
    while true {
      switch state.withLock({ $0.nextWork() }) {
      case .exit:
        return
      case .park:
        await parkIdle()
      case .pull:
        guard let inner = await pullInner() else { return }
        guard await run(inner, from: index) else { return }
      }
    }
  }

  /// Pulls the next outer value with the baton held and turns it into an inner publisher;
  /// `nil` when the worker must end.
  @inlinable
  func pullInner() async -> Inner? {
    let value: Upstream.Output?
    do throws(Upstream.Failure) {
      value = try await outer.iterator.next(isolation: nil)
    } catch {
      complete(.failure(error))
      return nil
    }
    guard let value else {
      let (idle, isFinished) = state.withLock { $0.outerFinished() }
      resume(idle)
      if isFinished { complete(.finished) }
      return nil
    }
    let inner = transform(value)
    switch state.withLock({ $0.pulled() }) {
    case .exit:
      return nil
    case .run(.none):
      return inner
    case .run(.wake(let waiter)):
      resume(waiter)
      return inner
    case .run(.start):
      adopt(Task { await runProducers(self) })
      return inner
    }
  }

  /// Runs one inner publisher to its end; `false` when the worker must end.
  @inlinable
  func run(_ inner: Inner, from index: Int) async -> Bool {
    var iterator = inner.makeAsyncIterator()
    do throws(Inner.Failure) {
      while let value = try await iterator.next(isolation: nil) {
        guard await push(value, from: index) else { return false }
      }
    } catch {
      complete(.failure(error))
      return false
    }
    if state.withLock({ $0.innerFinished() }) { complete(.finished) }
    return true
  }

  @inlinable
  func parkIdle() async {
    await withUnsafeContinuation { (waiter: Waiter) in park(waiter) { $0.parkIdle($1) } }
  }
}
