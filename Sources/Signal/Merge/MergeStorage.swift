/// The shared state of one merge subscription: the consumer's iterator and one producer
/// child task per upstream meet here.
///
/// The producers run in a task group inside one unstructured task, started by the first
/// `next()`. A producer pushes each element under the lock and suspends only when the buffer
/// is full; the consumer takes everything buffered in one lock acquisition and drains it
/// without locking.
@usableFromInline
final class MergeStorage<Element: Sendable, Failure: Error>: BatchStorage {
  @usableFromInline typealias StateMachine = MergeStateMachine<Element, Failure>

  @usableFromInline let state: Lock<StateMachine>
  @usableFromInline let runProducers: @Sendable (MergeStorage) async -> Void
  @usableFromInline let census: CensusScope?

  /// Forwards one upstream's elements (``produce(from:)``).
  @usableFromInline typealias Producer = @Sendable (MergeStorage) async -> Void

  /// - Parameter producers: one per upstream; each runs in its own child task.
  @usableFromInline
  init(producers: [Producer], capacity: Int) {
    state = Lock(StateMachine(upstreamCount: producers.count, capacity: capacity))
    runProducers = { storage in
      await withDiscardingTaskGroup { group in
        for producer in producers {
          group.addTask { await producer(storage) }
        }
      }
    }
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
        await waitForRoom { $0.parkProducer($1) }
      case .stopped:
        return false
      }
    }
  }

  @usableFromInline
  func upstreamFinished() {
    if let consumer = state.withLock({ $0.upstreamFinished() }) { resume(consumer) }
  }

  @usableFromInline
  func upstreamFailed(_ error: Failure) {
    if let termination = state.withLock({ $0.upstreamFailed(error) }) { execute(termination) }
  }
}
