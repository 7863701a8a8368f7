/// The shared state of one `flatMap` subscription: see ``FlatMapStateMachine``.
@usableFromInline
final class FlatMapStorage<Upstream: Publisher, Inner: Publisher>: ProducerQueueStorage
where Inner.Output: Sendable, Inner.Failure == Upstream.Failure {
  @usableFromInline typealias InnerSubscription = HandedSubscription<Inner>
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
  /// Whether the inner publishers are ``_ImmediatePublisher``s: then the puller runs each one itself, in
  /// the slot it reserved for its value, and no worker is ever needed.
  @usableFromInline let innersAreImmediate = Inner.self is any _ImmediatePublisher.Type
  /// The outer task's producer slot in the buffer (the workers have `0..<maxPublishers`).
  @usableFromInline let outerProducer: Int

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
      await storage.workers.allReturned(reportingTo: storage.census)
    }
    outerProducer = maxPublishers
    state = Lock(StateMachine(maxPublishers: maxPublishers, capacityPerInner: Self.capacityPerInner))
    if !innersAreImmediate { subscribeImmediateOuter() }
  }

  /// An immediate outer publisher's values are there now: their inner publishers are subscribed at
  /// once, in the free slots, as Combine does while the subscriber subscribes, so a hot inner loses
  /// nothing sent right after. (Immediate inner publishers lose nothing either way: they wait for
  /// the puller.)
  @usableFromInline
  func subscribeImmediateOuter() {
    guard Upstream.AsyncIterator.isImmediate else { return }
    state.withLock { $0.buffer.beginSubscribing() }
    defer { state.withLock { $0.buffer.endSubscribing() } }
    var effects = Effects()
    outer.takeNow(while: { state.withLock { $0.hasFreeSlot } }) { event in
      switch event {
      case .value(let value):
        let inner = InnerSubscription(subscribingTo: transform(value))
        state.withLock { $0.subscribedAtOnce(inner) }
      case .finished:
        effects.merge(state.withLock { $0.outerFinishedAtOnce() })
      case .failed(let error):
        effects.merge(state.withLock { $0.complete(.failure(error)) })
      }
    }
    perform(effects)
  }

  deinit {
    census.objectDestroyed()
  }

  @usableFromInline
  var upstreams: [any ReleasableSubscription] { [outer] }

  // MARK: The tasks

  /// The outer task: starts the workers for the inner subscriptions made at once, then holds the
  /// pull role first.
  @inlinable
  func runOuter() async {
    await run(.outerTask, from: outerProducer, state.withLock { $0.start() })
  }

  @inlinable
  func runWorker(_ index: Int) async {
    await run(.worker, from: index, state.withLock { $0.seek() })
  }

  /// The loop of every task, the outer task and each worker: carries out a step's effects, takes
  /// its turn, and reports what happened, until the state machine says the task ends.
  @inlinable
  func run(_ role: StateMachine.Role, from producer: Int, _ first: StateMachine.Step) async {
    var step = first
    // The outer iterator, while this task holds the pull role (it is out of `outer` then).
    var iterator: Upstream.AsyncIterator?
    // The value a pulling worker pulled, between `pulledForItself()` and running or subscribing it.
    var pulled: Upstream.Output?
    while true {
      carryOut(step)
      switch step.turn {
      case .pull(let runsWhatItPulls):
        guard var held = iterator.take() ?? outer.take() else { return }
        switch await pullNeedingSubscription(&held, from: producer) {
        case .stopped:
          return
        case .finished:
          step = state.withLock { $0.outerFinished(by: role) }
        case .value(let value) where runsWhatItPulls:
          // Back in the subscription before the role is let go, so whoever picks it up finds it.
          outer.putBack(consume held)
          pulled = value
          step = state.withLock { $0.pulledForItself() }
        case .value(let value):
          iterator = consume held
          step = subscribe(value, by: role)
        }
      case .subscribePulled:
        iterator = outer.take()
        guard iterator != nil, let value = pulled.take() else { return }
        step = subscribe(value, by: role)
      case .putBack:
        outer.putBack(iterator.take()!)
        step = state.withLock { $0.putBack(by: role) }
      case .runPulled:
        guard let value = pulled.take() else { return }
        step = await drain(transform(value).makeAsyncIterator(), from: producer)
      case .run(let inner):
        guard let innerIterator = inner.take() else { return }
        step = await drain(consume innerIterator, from: producer)
      case .park:
        await park(isolation: nil) { $0.parkIdle($1) }
        if Task.isCancelled { return }
        step = state.withLock { $0.seek() }
      case .exit:
        return
      case .stop:
        outer.release()
        return
      }
    }
  }

  /// What ``pullNeedingSubscription(_:from:)`` got.
  @usableFromInline
  enum Pulled {
    case value(Upstream.Output)
    case finished
    /// The stream is over (the outer publisher failed it, or it was cancelled).
    case stopped
  }

  /// The next outer value whose inner publisher needs a subscription. Immediate inner publishers
  /// need none: each is run to its end at once, in the slot reserved for its value, which then
  /// serves the next pull (nothing queued, nobody woken).
  @inlinable
  func pullNeedingSubscription(_ iterator: inout Upstream.AsyncIterator, from producer: Int) async -> Pulled {
    do throws(Upstream.Failure) {
      while let value = try await iterator.next(isolation: nil) {
        guard innersAreImmediate else { return .value(value) }
        guard await pushAll(transform(value).makeAsyncIterator(), from: producer) else { return .stopped }
      }
      return .finished
    } catch {
      complete(.failure(error))
      return .stopped
    }
  }

  /// Subscribes the inner publisher of `value` in the slot reserved for it and reports it.
  @inlinable
  func subscribe(_ value: Upstream.Output, by role: StateMachine.Role) -> StateMachine.Step {
    let inner = InnerSubscription(subscribingTo: transform(value))
    return state.withLock { $0.subscribed(inner, by: role) }
  }

  /// Runs one inner subscription to its end and releases it, then reports its end.
  @inlinable
  func drain(_ iterator: consuming Inner.AsyncIterator, from producer: Int) async -> StateMachine.Step {
    // Released (by pushAll) before its slot is given back: the next inner must not overlap this one.
    guard await pushAll(iterator, from: producer) else { return StateMachine.Step(.exit) }
    return state.withLock { $0.innerFinished() }
  }

  /// Pushes every value of an inner subscription into the buffer from `producer`'s slot, then releases
  /// it; false when the stream is over (cancelled, or the inner publisher failed it).
  @inlinable
  func pushAll(_ iterator: consuming Inner.AsyncIterator, from producer: Int) async -> Bool {
    var iterator = iterator
    do throws(Inner.Failure) {
      while let value = try await iterator.next(isolation: nil) {
        guard await push(value, from: producer) else { return false }
      }
      return true
    } catch {
      complete(.failure(error))
      return false
    }
  }

  /// Starts and wakes the workers a step recruited, and performs its effects.
  @inlinable
  func carryOut(_ step: StateMachine.Step) {
    for index in step.newWorkers {
      let worker = self.worker
      workers.started()
      spawn({ storage in
        await worker(storage, index)
        storage.workers.returned()
      }) { $0.adopt($1) }
    }
    if !step.effects.isEmpty { perform(step.effects) }
  }
}
