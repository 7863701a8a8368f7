/// The shared state of one merge subscription: the consumer's iterator and one producer
/// child task per upstream meet here.
///
/// The producers run in a task group inside one unstructured task, started by the first
/// `next()`. A producer pushes each element under the lock and suspends only when the buffer
/// is full; the consumer takes everything buffered in one lock acquisition and drains it
/// without locking.
@usableFromInline
final class MergeStorage<Element: Sendable, Failure: Error>: ProducerGroupStorage {
  @usableFromInline typealias StateMachine = MergeStateMachine<Element, Failure>
  /// One upstream, subscribed, with the loop that forwards its elements (``produce(from:)``).
  @usableFromInline typealias Producer = UpstreamProducer<MergeStorage>

  @usableFromInline let state: Lock<StateMachine>
  @usableFromInline let census = Census()
  @usableFromInline let producers: [Producer]

  @usableFromInline
  init(producers: [Producer], capacity: Int) {
    state = Lock(StateMachine(upstreamCount: producers.count, capacity: capacity))
    self.producers = producers
    producers.takeImmediate(into: self)
  }

  deinit {
    census.objectDestroyed()
  }

  /// The producer of one upstream: it is subscribed now, and forwarded once demand starts.
  @inlinable
  static func producer<Upstream: Publisher>(subscribingTo upstream: Upstream) -> Producer
  where Upstream.Output == Element, Upstream.Failure == Failure {
    Producer(
      subscribingTo: upstream,
      takeNow: { storage, subscription, _ in storage.produceNow(from: subscription) },
      run: { storage, subscription, _ in await storage.produce(from: subscription) })
  }

  /// Queues what an immediate upstream has now, while the subscriber subscribes, as Combine
  /// delivers it then; the rest (beyond the shared capacity) waits for the producers.
  @inlinable
  func produceNow<Upstream: Publisher>(from subscription: UpstreamSubscription<Upstream>)
  where Upstream.Output == Element, Upstream.Failure == Failure {
    subscription.takeNow(while: { state.withLock { $0.hasRoomAtOnce } }) { event in
      switch event {
      case .value(let element): state.withLock { $0.pushAtOnce(element) }
      case .finished: upstreamFinished()
      case .failed(let error): upstreamFailed(error)
      }
    }
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

  /// Forwards every element of the subscription, then reports how it ended.
  @inlinable
  func produce<Upstream: Publisher>(from subscription: UpstreamSubscription<Upstream>) async
  where Upstream.Output == Element, Upstream.Failure == Failure {
    // `nil`: the subscription ended before demand, and released it.
    guard var iterator = subscription.take() else { return }
    if Upstream.AsyncIterator.isImmediate {
      await produceRuns(from: &iterator)
      return
    }
    do {
      while let element = try await iterator.next(isolation: nil) {
        guard await send(element) else { return }
      }
      upstreamFinished()
    } catch {
      upstreamFailed(error)
    }
  }

  /// The most elements a producer takes from an immediate upstream in one run.
  @inlinable
  var runLength: Int { Swift.max(16, state.withLock { $0.capacity } / 4) }

  /// Forwards an immediate upstream (its elements are all there) in runs: the producer reserves
  /// room, takes that many elements without the lock and without a suspension per element, and
  /// pushes them under one lock. Pushing each element under the lock instead, with two or more
  /// producers doing so at once, made a merge of a few such upstreams cost twice what one of a
  /// hundred did: every push fought the others for the lock.
  @inlinable
  func produceRuns<Iterator: AsyncIteratorProtocol>(from iterator: inout Iterator) async
  where Iterator.Element == Element, Iterator.Failure == Failure {
    let limit = runLength
    var run: [Element] = []
    run.reserveCapacity(limit)
    while true {
      let reserved: Int
      switch state.withLock({ $0.reserve(upTo: limit) }) {
      case .reserved(let count):
        reserved = count
      case .full:
        await waitForRoom { $0.parkProducer($1) }
        continue
      case .stopped:
        return
      }
      var end: ImmediateEvent<Element, Failure>?
      _ = iterator.takeNow(while: { end == nil && run.count < reserved }) { event in
        if case .value(let element) = event { run.append(element) } else { end = event }
      }
      switch state.withLock({ $0.push(run: run, reserved: reserved) }) {
      case .pushed(let woken):
        wake(woken)
      case .stopped:
        return
      }
      run.removeAll(keepingCapacity: true)
      switch end {
      case nil, .value: continue
      case .finished:
        upstreamFinished()
        return
      case .failed(let error):
        upstreamFailed(error)
        return
      }
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
        wake(consumer)
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
    wake(state.withLock { $0.upstreamFinished() })
  }

  @usableFromInline
  func upstreamFailed(_ error: Failure) {
    perform(state.withLock { $0.upstreamFailed(error) })
  }
}
