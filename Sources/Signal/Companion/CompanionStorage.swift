/// The shared state of one subscription to an operator with a companion publisher: the
/// consumer's iterator and two producer child tasks (the upstream's and the companion's) meet
/// here.
@usableFromInline
final class CompanionStorage<Logic: CompanionLogic>: ProducerQueueStorage, ProducerGroupStorage {
  @usableFromInline typealias Element = Logic.Output
  @usableFromInline typealias Failure = Logic.Failure
  @usableFromInline typealias Producer = UpstreamProducer<CompanionStorage>

  @usableFromInline let state: Lock<CompanionStateMachine<Logic>>
  @usableFromInline let census = Census()
  @usableFromInline let producers: [Producer]

  /// How many outputs may wait for the consumer before the upstream waits: as for
  /// `combineLatest`'s upstreams.
  @inlinable
  static var capacity: Int { 64 }

  /// Subscribes to `companion`, then to `upstream` (Combine's order), now. `read` takes what
  /// the rules need of each companion value, so a trigger's value need not be `Sendable`.
  @inlinable
  init<Upstream: Publisher, Companion: Publisher>(
    _ logic: Logic,
    upstream: Upstream,
    companion: Companion,
    reading read: @escaping @Sendable (Companion.Output) -> Logic.Companion
  )
  where
    Upstream.Output == Logic.Value, Upstream.Failure == Logic.Failure, Companion.Failure == Logic.CompanionFailure
  {
    state = Lock(CompanionStateMachine(logic, capacity: Self.capacity))
    producers = [
      Producer(
        subscribingTo: companion,
        takeNow: { storage, subscription, _ in storage.pumpCompanionNow(subscription, reading: read) },
        run: { storage, subscription, _ in await storage.pumpCompanion(subscription, reading: read) }),
      Producer(
        subscribingTo: upstream,
        takeNow: { storage, subscription, _ in storage.pumpUpstreamNow(subscription) },
        run: { storage, subscription, _ in await storage.pumpUpstream(subscription) }),
    ]
    takeImmediateUpstreams()
  }

  /// What an immediate upstream has now, as ``pumpUpstream(_:)`` would take it, while there is room.
  @inlinable
  func pumpUpstreamNow<Upstream: Publisher>(_ subscription: UpstreamSubscription<Upstream>)
  where Upstream.Output == Logic.Value, Upstream.Failure == Failure {
    var isOpen = true
    subscription.takeNow(
      while: { isOpen && state.withLock { $0.buffer.hasRoom(for: StateMachine.upstreamSlot) } }
    ) { event in
      switch event {
      case .value(let value):
        switch state.withLock({ $0.receive(value) }) {
        case .dropped, .full: break
        case .queued(let consumer): wake(consumer)
        case .closed: isOpen = false
        }
      case .finished: complete(.finished)
      case .failed(let error): complete(.failure(error))
      }
    }
  }

  /// What an immediate companion has now, as ``pumpCompanion(_:reading:)`` would take it.
  @inlinable
  func pumpCompanionNow<Companion: Publisher>(
    _ subscription: UpstreamSubscription<Companion>,
    reading read: (Companion.Output) -> Logic.Companion
  ) where Companion.Failure == Logic.CompanionFailure {
    var isListening = true
    subscription.takeNow(while: { isListening }) { event in
      switch event {
      case .value(let value):
        if case .stop(let effects) = state.withLock({ $0.receiveCompanion(read(value)) }) {
          isListening = false
          perform(effects)
        }
      case .finished: perform(state.withLock { $0.companionEnded(.finished) })
      case .failed(let error): perform(state.withLock { $0.companionEnded(.failure(error)) })
      }
    }
    // Not read again: its subscription ends here, as the pump's does when it returns.
    if !isListening { subscription.release() }
  }

  deinit {
    census.objectDestroyed()
  }

  /// Iterates the upstream, queueing what the rules keep with back-pressure, then its end.
  @inlinable
  func pumpUpstream<Upstream: Publisher>(_ subscription: UpstreamSubscription<Upstream>) async
  where Upstream.Output == Logic.Value, Upstream.Failure == Failure {
    guard var iterator = subscription.take() else { return }
    do throws(Failure) {
      while let value = try await iterator.next(isolation: nil) {
        switch state.withLock({ $0.receive(value) }) {
        case .dropped:
          continue
        case .queued(let consumer):
          wake(consumer)
        case .full(let output):
          guard await push(output, from: StateMachine.upstreamSlot) else { return }
        case .closed:
          return
        }
      }
      complete(.finished)
    } catch {
      complete(.failure(error))
    }
  }

  /// Iterates the companion until the rules stop listening or it ends.
  @inlinable
  func pumpCompanion<Companion: Publisher>(
    _ subscription: UpstreamSubscription<Companion>,
    reading read: (Companion.Output) -> Logic.Companion
  ) async where Companion.Failure == Logic.CompanionFailure {
    guard var iterator = subscription.take() else { return }
    do throws(Logic.CompanionFailure) {
      while let value = try await iterator.next(isolation: nil) {
        let companion = read(value)
        switch state.withLock({ $0.receiveCompanion(companion) }) {
        case .listen:
          continue
        case .stop(let effects):
          // Returning drops the iterator: the companion's subscription ends here.
          perform(effects)
          return
        }
      }
      perform(state.withLock { $0.companionEnded(.finished) })
    } catch {
      perform(state.withLock { $0.companionEnded(.failure(error)) })
    }
  }
}
