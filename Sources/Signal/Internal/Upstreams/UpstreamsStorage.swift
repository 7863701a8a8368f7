/// What an upstream of `zip` or `combineLatest` hands to the consumer.
enum UpstreamEvent<Value> {
  case value(Value, from: Int)
  case finished(Int)
}

extension UpstreamEvent: Sendable where Value: Sendable {}

/// The state of a fixed set of upstreams, each pumped by its own task into one
/// ``ProducerQueue``: `zip` and `combineLatest` share it and differ only in what their
/// consumer does with the events (see ``UpstreamsCombiner``).
struct UpstreamsStateMachine<Value: Sendable, Failure: Error>: ProducerQueueStateMachine {
  typealias Element = UpstreamEvent<Value>
  var buffer: ProducerQueue<Element, Failure>

  init(upstreams: Int, capacity: Int, refundsOnDrain: Bool) {
    buffer = ProducerQueue(producers: upstreams, capacity: capacity, refundsOnDrain: refundsOnDrain)
  }
}

/// The shared state of one `zip` or `combineLatest` subscription.
final class UpstreamsStorage<Value: Sendable, Failure: Error>: ProducerQueueStorage {
  typealias Element = UpstreamEvent<Value>
  /// One upstream, subscribed, with the loop that pumps it (``pump(_:index:wrap:)``).
  typealias Producer = UpstreamProducer<UpstreamsStorage>

  let state: Lock<UpstreamsStateMachine<Value, Failure>>
  let census = Census()
  let producers: [Producer]

  init(producers: [Producer], capacity: Int, refundsOnDrain: Bool) {
    state = Lock(
      UpstreamsStateMachine(upstreams: producers.count, capacity: capacity, refundsOnDrain: refundsOnDrain))
    self.producers = producers
  }

  deinit {
    census.objectDestroyed()
  }

  var upstreams: [any ReleasableSubscription] { producers.map(\.subscription) }

  /// Runs every pump, each in its own child task.
  var runProducers: @Sendable (UpstreamsStorage) async -> Void {
    { storage in await storage.producers.runAll(on: storage) }
  }

  /// Iterates one upstream, queueing its values with back-pressure, then its end.
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

extension UpstreamsStorage {
  /// The producer of one upstream: subscribed now, pumped once demand starts.
  static func producer<Upstream: Publisher>(
    subscribingTo upstream: Upstream,
    wrap: @escaping @Sendable (Upstream.Output) -> Value
  ) -> Producer where Upstream.Failure == Failure {
    Producer(subscribingTo: upstream) { storage, subscription, index in
      await storage.pump(subscription, index: index, wrap: wrap)
    }
  }
}

/// The bookkeeping of a `zip` or `combineLatest` that does not depend on the values: when no
/// output can come any more, and who hands back the upstreams' room.
protocol UpstreamsProgress {
  /// `true` when a value's room is free once the consumer has drained it (`combineLatest`
  /// keeps only the latest value); `false` when the combiner hands room back itself (`zip`
  /// holds values until a tuple can be formed).
  static var refundsOnDrain: Bool { get }
  /// `true` when no output can come any more (always, with no upstreams): the stream finishes.
  var isExhausted: Bool { get }
  /// Upstream `index` finished.
  mutating func finish(_ index: Int)
}

/// What `zip` or `combineLatest` does with its upstreams' events, on the consumer's side
/// (no lock: only the iterating task touches it).
protocol UpstreamsCombiner {
  associatedtype Value: Sendable
  associatedtype Output
  associatedtype Progress: UpstreamsProgress
  var progress: Progress { get set }
  /// Takes one value from upstream `index`; returns an output if one is ready. With
  /// `refundsOnDrain` false, an output frees the room of one value of every upstream.
  mutating func receive(_ value: Value, from index: Int) -> Output?
}

extension UpstreamsCombiner {
  static var refundsOnDrain: Bool { Progress.refundsOnDrain }
  var isExhausted: Bool { progress.isExhausted }
  mutating func finish(_ index: Int) { progress.finish(index) }
}

/// The consumer side of a `zip` or `combineLatest` iterator: feeds the events it drains
/// to its combiner.
struct UpstreamsConsumer<Combiner: UpstreamsCombiner, Failure: Error> {
  typealias Storage = UpstreamsStorage<Combiner.Value, Failure>

  private let lifetime: SubscriptionLifetime<Storage>
  private var events: ConsumerBatch<UpstreamEvent<Combiner.Value>>
  private var combiner: Combiner

  init(_ combiner: Combiner, producers: [Storage.Producer]) {
    self.combiner = combiner
    let refundsOnDrain = Combiner.refundsOnDrain
    lifetime = SubscriptionLifetime(
      Storage(producers: producers, capacity: upstreamBufferCapacity, refundsOnDrain: refundsOnDrain))
    // Room comes back when the consumer drains (`combineLatest`) or, for `zip`, one tuple at a
    // time, handed back at the next drain like the refunds of a drained value.
    events = ConsumerBatch(capacity: 16, reportInterval: .max, countsElements: false)
  }
  init<A: Publisher, B: Publisher>(_ combiner: Combiner, _ a: A, _ b: B)
  where Combiner.Value == UpstreamValue2<A.Output, B.Output>, A.Failure == Failure, B.Failure == Failure {
    typealias Value = Combiner.Value
    self.init(
      combiner,
      producers: [
        Storage.producer(subscribingTo: a, wrap: Value.first), Storage.producer(subscribingTo: b, wrap: Value.second),
      ])
  }

  init<A: Publisher, B: Publisher, C: Publisher>(_ combiner: Combiner, _ a: A, _ b: B, _ c: C)
  where
    Combiner.Value == UpstreamValue3<A.Output, B.Output, C.Output>, A.Failure == Failure, B.Failure == Failure,
    C.Failure == Failure
  {
    typealias Value = Combiner.Value
    self.init(
      combiner,
      producers: [
        Storage.producer(subscribingTo: a, wrap: Value.first), Storage.producer(subscribingTo: b, wrap: Value.second),
        Storage.producer(subscribingTo: c, wrap: Value.third),
      ]
    )
  }

  init<Upstream: Publisher>(_ combiner: Combiner, _ upstreams: [Upstream])
  where Combiner.Value == Upstream.Output, Upstream.Failure == Failure {
    self.init(combiner, producers: upstreams.map { Storage.producer(subscribingTo: $0, wrap: { $0 }) })
  }

  mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Combiner.Output? {
    // Checked first, so the output that exhausted the combiner has gone out before the end.
    while !combiner.isExhausted {
      switch try await events.next(from: lifetime.storage, isolation: actor) {
      case .value(let value, let index)?:
        if let output = combiner.receive(value, from: index) {
          if !Combiner.refundsOnDrain { events.countUsed(1) }
          return output
        }
      case .finished(let index)?:
        combiner.finish(index)
      case nil:
        return nil
      }
    }
    events.elements.removeAll()
    lifetime.storage.cancel()
    return nil
  }
}
