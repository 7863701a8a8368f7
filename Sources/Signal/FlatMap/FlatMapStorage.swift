/// The outer iterator of a `flatMap` subscription.
///
/// It moves between worker tasks, so it lives outside the lock: only the worker that took
/// the baton (``FlatMapStateMachine/nextWork()`` returned `.pull`) touches it, until it hands
/// the baton back with ``FlatMapStateMachine/pulled()`` or `outerFinished()`.
final class OuterBaton<Iterator: AsyncIteratorProtocol>: @unchecked Sendable {
  // @unchecked: the state machine grants the baton to one worker at a time under the lock,
  // whose release and acquire order every access; the TSan run of FlatMapStressTests
  // (workers racing for the baton) would report an access outside that protocol.
  var iterator: Iterator

  init(_ iterator: Iterator) {
    self.iterator = iterator
  }
}

/// The shared state of one `flatMap` subscription: see ``FlatMapStateMachine``.
final class FlatMapStorage<Upstream: Publisher, Inner: Publisher>: ProducerQueueStorage
where Inner.Output: Sendable, Inner.Failure == Upstream.Failure {
  typealias StateMachine = FlatMapStateMachine<Inner.Output, Upstream.Failure>
  typealias Element = Inner.Output
  typealias Failure = Upstream.Failure

  let state: Lock<StateMachine>
  let census: CensusScope?
  private let outer: OuterBaton<Upstream.AsyncIterator>
  private let transform: @Sendable (Upstream.Output) -> Inner

  init(upstream: Upstream, maxPublishers: Int, transform: @escaping @Sendable (Upstream.Output) -> Inner) {
    outer = OuterBaton(upstream.makeAsyncIterator())
    self.transform = transform
    state = Lock(StateMachine(maxPublishers: maxPublishers, capacityPerInner: flatMapBufferCapacity))
    census = Census.objectCreated()
  }

  deinit {
    census.objectDestroyed()
  }

  /// The first worker runs in the producer task; it starts the others as needed.
  var runProducers: @Sendable (FlatMapStorage) async -> Void {
    { storage in
      if let index = storage.state.withLock({ $0.start() }) { await storage.runWorker(index) }
    }
  }

  private func startWorker(_ index: Int) {
    adopt(Task { await runWorker(index) })
  }

  private func runWorker(_ index: Int) async {
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
  private func pullInner() async -> Inner? {
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
    case .run(let wake, let start):
      if let wake { resume(wake) }
      if let start { startWorker(start) }
      return inner
    }
  }

  /// Runs one inner publisher to its end; `false` when the worker must end.
  private func run(_ inner: Inner, from index: Int) async -> Bool {
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

  private func parkIdle() async {
    await withUnsafeContinuation { (waiter: Waiter) in park(waiter) { $0.parkIdle($1) } }
  }
}

/// How many values one inner publisher of a `flatMap` may have waiting for the consumer
/// before it is held back.
let flatMapBufferCapacity = 64
