/// The shared state of one combining subscription: the consumer's iterator and one producer
/// child task per upstream meet here.
@usableFromInline
final class UpstreamsStorage<Value: Sendable, Failure: Error>: ProducerQueueStorage, ProducerGroupStorage {
  @usableFromInline typealias Element = UpstreamEvent<Value>
  /// One upstream, subscribed, with the loop that pumps it (``pump(_:index:wrap:)``).
  @usableFromInline typealias Producer = UpstreamProducer<UpstreamsStorage>

  @usableFromInline let state: Lock<UpstreamsStateMachine<Value, Failure>>
  @usableFromInline let census = Census()
  @usableFromInline let producers: [Producer]

  /// How many values each upstream may have buffered before it waits: enough to keep the
  /// consumer busy between wake-ups, small enough to stay bounded.
  @inlinable
  static var capacityPerUpstream: Int { 64 }

  @inlinable
  init(producers: [Producer], refundsOnDrain: Bool) {
    state = Lock(
      UpstreamsStateMachine(
        upstreams: producers.count, capacity: Self.capacityPerUpstream, refundsOnDrain: refundsOnDrain))
    self.producers = producers
    takeImmediateUpstreams()
  }

  deinit {
    census.objectDestroyed()
  }

  /// The producer of one upstream: subscribed now, pumped once demand starts.
  @inlinable
  static func producer<Upstream: Publisher>(
    subscribingTo upstream: Upstream,
    wrap: @escaping @Sendable (Upstream.Output) -> Value
  ) -> Producer where Upstream.Failure == Failure {
    Producer(
      subscribingTo: upstream,
      takeNow: { storage, subscription, index in storage.pumpNow(subscription, index: index, wrap: wrap) },
      run: { storage, subscription, index in await storage.pump(subscription, index: index, wrap: wrap) })
  }

  /// Queues what an immediate upstream has now, as ``pump(_:index:wrap:)`` would, while it has room.
  @inlinable
  func pumpNow<Upstream: Publisher>(
    _ subscription: UpstreamSubscription<Upstream>,
    index: Int,
    wrap: (Upstream.Output) -> Value
  ) where Upstream.Failure == Failure {
    subscription.takeNow(while: { state.withLock { $0.buffer.hasRoom(for: index) } }) { event in
      switch event {
      case .value(let value): pushNow(.value(wrap(value), from: index), from: index)
      case .finished: pushUncounted(.finished(index))
      case .failed(let error): complete(.failure(error))
      }
    }
  }

  /// Iterates one upstream, queueing its values with back-pressure, then its end.
  @inlinable
  func pump<Upstream: Publisher>(
    _ subscription: UpstreamSubscription<Upstream>,
    index: Int,
    wrap: (Upstream.Output) -> Value
  ) async where Upstream.Failure == Failure {
    guard var iterator = subscription.take() else { return }
    do throws(Failure) {
      while let value = try await iterator.next(isolation: nil) {
        guard await push(.value(wrap(value), from: index), from: index) else { return }
      }
      pushUncounted(.finished(index))
    } catch {
      complete(.failure(error))
    }
  }
}
