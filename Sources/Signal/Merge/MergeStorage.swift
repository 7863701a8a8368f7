import Synchronization

/// The shared state of one merge subscription: the consumer's iterator and one producer
/// child task per upstream meet here.
///
/// The producers run in a task group inside one unstructured task, started by the first
/// `next()`. A producer pushes each element under the lock and suspends only when the buffer
/// is full; the consumer takes everything buffered in one lock acquisition and drains it
/// without locking.
@usableFromInline
final class MergeStorage<Element: Sendable, Failure: Error>: BatchSource {
  @usableFromInline typealias StateMachine = MergeStateMachine<Element, Failure>

  @usableFromInline let state: Mutex<StateMachine>
  /// Runs every upstream's producer; returns when all have stopped.
  let runProducers: @Sendable (MergeStorage) async -> Void
  let census: CensusScope?

  @usableFromInline
  init(upstreamCount: Int, capacity: Int, runProducers: @escaping @Sendable (MergeStorage) async -> Void) {
    state = Mutex(StateMachine(upstreamCount: upstreamCount, capacity: capacity))
    self.runProducers = runProducers
    census = Census.objectCreated()
  }

  deinit {
    census.objectDestroyed()
  }

  /// The most elements pushed and not yet consumed, for `upstreamCount` producers: large
  /// enough that parking and waking (a few microseconds each) happen once per hundreds of
  /// elements, with room for every producer to push a run of elements. The buffers grow to
  /// this size only when producers actually run ahead of the consumer.
  @usableFromInline
  static func defaultCapacity(upstreamCount: Int) -> Int {
    Swift.max(1024, 16 * Swift.min(upstreamCount, 4096))
  }

  // MARK: Producers

  /// Forwards every element of `upstream`, then reports how it ended.
  @inlinable
  func produce<Upstream: Publisher>(from upstream: Upstream) async
  where Upstream.Output == Element, Upstream.Failure == Failure {
    var iterator = upstream.makeAsyncIterator()
    do {
      while let element = try await iterator.next(isolation: nil) {
        guard await send(element) else { return }
      }
      upstreamFinished()
    } catch {
      upstreamFailed(error)
    }
  }

  /// Returns `false` when the subscription has ended and the producer should stop.
  @inlinable
  func send(_ element: Element) async -> Bool {
    while true {
      switch state.withLock({ $0.push(element) }) {
      case .pushed:
        return true
      case .pushedResumingConsumer(let consumer):
        resume(consumer)
        return true
      case .full:
        await waitForRoom()
      case .stopped:
        return false
      }
    }
  }

  @usableFromInline
  func waitForRoom() async {
    await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
      let parked = state.withLock { state in
        let parked = state.parkProducer(continuation)
        if parked { census.continuationParked() }
        return parked
      }
      if !parked { continuation.resume() }
    }
  }

  @usableFromInline
  func resume(_ continuation: UnsafeContinuation<Void, Never>) {
    census.continuationResumed()
    continuation.resume()
  }

  @usableFromInline
  func resume(_ continuations: [UnsafeContinuation<Void, Never>]) {
    guard !continuations.isEmpty else { return }
    census.continuationResumed(continuations.count)
    for continuation in continuations { continuation.resume() }
  }

  @usableFromInline
  func upstreamFinished() {
    if let consumer = state.withLock({ $0.upstreamFinished() }) { resume(consumer) }
  }

  @usableFromInline
  func upstreamFailed(_ error: Failure) {
    if let termination = state.withLock({ $0.upstreamFailed(error) }) { execute(termination) }
  }

  // MARK: Consumer

  /// Tells the producers that the consumer has used `count` more elements of its batch.
  @usableFromInline
  func reportConsumed(_ count: Int) {
    resume(state.withLock { $0.consumed(count) })
  }

  /// Fills the consumer's empty `batch`, suspending until there is something to deliver.
  /// Returns `false` at the end of the stream.
  @usableFromInline
  func refill(_ batch: inout ConsumerBatch<Element>, isolation actor: isolated (any Actor)?) async throws(Failure)
    -> Bool
  {
    var consumed = batch.takeUnreported()
    while true {
      if Task.isCancelled {
        cancel()
        return false
      }
      let action = state.withLock { $0.refill(&batch.elements, consumed: consumed) }
      consumed = 0
      switch action {
      case .startProducers:
        startProducers()
      case .deliver(let woken):
        resume(woken)
        return true
      case .suspend(let woken):
        resume(woken)
        await waitForElements(isolation: actor)
      case .finish:
        return false
      case .fail(let error):
        throw error
      }
    }
  }

  func waitForElements(isolation actor: isolated (any Actor)?) async {
    await withTaskCancellationHandler {
      await withUnsafeContinuation(isolation: actor) { (continuation: UnsafeContinuation<Void, Never>) in
        let parked = state.withLock { state in
          let parked = state.parkConsumer(continuation)
          if parked { census.continuationParked() }
          return parked
        }
        if !parked { continuation.resume() }
      }
    } onCancel: {
      cancel()
    }
  }

  func startProducers() {
    let task = Task { await runProducers(self) }
    if state.withLock({ $0.producersStarted(task) }) { task.cancel() }
  }

  @usableFromInline
  func cancel() {
    if let termination = state.withLock({ $0.cancel() }) { execute(termination) }
  }

  func execute(_ termination: StateMachine.Termination) {
    termination.producerTask?.cancel()
    if let consumer = termination.consumer { resume(consumer) }
    resume(termination.producers)
  }
}
