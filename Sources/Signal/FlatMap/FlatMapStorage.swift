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

  // MARK: Pulling the outer publisher

  /// The outer task: holds the pull role first, and ends when it puts it down.
  @inlinable
  func runOuter() async {
    let (workers, step) = state.withLock { $0.start() }
    for worker in workers { carryOut(worker) }
    guard case .pull = step else { return }
    _ = await pull(byWorker: false, producer: outerProducer)
  }

  /// Pulls the outer publisher while a slot is free, subscribing to each inner publisher as
  /// its value arrives; the caller holds the pull role and a reserved slot. With every slot
  /// taken, puts the iterator back and the role down. Answers a worker's next turn (the outer
  /// task ends whatever it is told).
  ///
  /// `mayRunItself`: a worker whose reserved slot is the last one, with nothing waiting, runs
  /// the first value's inner publisher itself once ``FlatMapStateMachine/arrivedForWorker()``
  /// confirms: no queueing, no hand-over, nobody woken.
  @inlinable
  func pull(byWorker: Bool, producer: Int, mayRunItself: Bool = false) async -> WorkerTurn {
    guard var iterator = outer.take() else { return .stop }
    var mayRunItself = mayRunItself
    while true {
      let value: Upstream.Output?
      do throws(Upstream.Failure) {
        value = try await iterator.next(isolation: nil)
      } catch {
        complete(.failure(error))
        return .stop
      }
      guard let value else {
        perform(state.withLock { $0.outerFinished(byWorker: byWorker) })
        return byWorker ? .step(state.withLock { $0.nextInner() }) : .stop
      }
      if innersAreImmediate {
        // Subscribed and run to its end at once, in the slot reserved for this value, which then
        // serves the next pull: nothing queued, nobody recruited or woken.
        guard await pushAll(transform(value).makeAsyncIterator(), from: producer) else { return .stop }
        continue
      }
      if mayRunItself {
        mayRunItself = false
        // Back in the subscription before the role is free, so whoever picks it up finds it.
        outer.putBack(consume iterator)
        switch state.withLock({ $0.arrivedForWorker() }) {
        case .runItself:
          return .runOwn(transform(value))
        case .stop:
          outer.release()
          return .stop
        case .enqueue:
          guard let again = outer.take() else { return .stop }
          iterator = again
        }
      }
      let inner = InnerSubscription(subscribingTo: transform(value))
      let (queued, next) = state.withLock { $0.enqueueAndReserve(inner, byWorker: byWorker) }
      guard case .queued(let recruit) = queued else {
        inner.release()
        return .stop
      }
      carryOut(recruit)
      switch next {
      case .pull:
        continue
      case .stop:
        return .stop
      case .full:
        outer.putBack(consume iterator)
        switch state.withLock({ $0.putDownAndSeek(byWorker: byWorker) }) {
        case .pull:
          guard let again = outer.take() else { return .stop }
          iterator = again
        case .next(let step):
          return .step(step)
        case .stop:
          outer.release()
          return .stop
        }
      }
    }
  }

  // MARK: Workers

  /// What a worker does next: a step of the state machine, or run the inner publisher of the
  /// value it pulled itself (``FlatMapStateMachine/Arrival/runItself``).
  @usableFromInline
  enum WorkerTurn {
    case step(StateMachine.WorkerStep)
    case runOwn(Inner)
    case stop
  }

  @inlinable
  func runWorker(_ index: Int) async {
    var turn = WorkerTurn.step(state.withLock { $0.nextInner() })
    while true {
      switch turn {
      case .stop, .step(.exit):
        return
      case .step(.park):
        await park(isolation: nil) { $0.parkIdle($1) }
        if Task.isCancelled { return }
        turn = .step(state.withLock { $0.nextInner() })
      case .step(.run(let inner, let recruit)):
        carryOut(recruit)
        guard let iterator = inner.take() else { return }
        turn = await drain(consume iterator, from: index)
      case .runOwn(let publisher):
        turn = await drain(publisher.makeAsyncIterator(), from: index)
      }
    }
  }

  /// Runs one inner subscription to its end and releases it, then answers the worker's next
  /// turn.
  @inlinable
  func drain(_ iterator: consuming Inner.AsyncIterator, from index: Int) async -> WorkerTurn {
    // Released (by pushAll) before its slot is given back: the next inner must not overlap this one.
    guard await pushAll(iterator, from: index) else { return .stop }
    switch state.withLock({ $0.innerFinishedAndSeek() }) {
    case .next(let effects, let step):
      perform(effects)
      return .step(step)
    case .pull(let mayRunItself):
      return await pull(byWorker: true, producer: index, mayRunItself: mayRunItself)
    }
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
