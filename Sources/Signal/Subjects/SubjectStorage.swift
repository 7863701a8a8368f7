/// The shared state of one subject: its ``SubjectState`` behind a ``Lock``, on the
/// ``SubscriptionStorage`` contract: every method decides under the lock and resumes
/// continuations only after releasing it; each subscriber is a ``SubjectToken`` whose
/// ``SubscriptionLifetime`` cancels it.
///
/// The subject object owns the storage's lifetime as a *sender*; subscriptions keep the
/// storage alive too, so a subject that goes away finishes its subscribers (see `deinit`
/// of the subject types) instead of leaving them parked forever.
@usableFromInline
final class SubjectStorage<Output: Sendable, Failure: Error>: SubscriptionStorage {
  @usableFromInline let state: Lock<SubjectState<Output, Failure>>
  @usableFromInline let census = Census()

  /// How many parked consumers one send wakes without allocating.
  @usableFromInline static var inlineWakeCapacity: Int { 32 }

  @usableFromInline
  init(replayLimit: Int, initial: [Output], replaysAfterCompletion: Bool) {
    state = Lock(
      SubjectState(replayLimit: replayLimit, initial: initial, replaysAfterCompletion: replaysAfterCompletion))
  }

  deinit {
    census.objectDestroyed()
  }

  /// A subject is a source: it subscribes to nothing.
  @usableFromInline
  var upstreams: [any ReleasableSubscription] { [] }

  // MARK: Sending

  /// Delivers `value` now if no `.suspend` subscriber is full.
  @inlinable
  func trySend(_ value: Output) -> SubjectSendResult {
    withUnsafeTemporaryAllocation(of: Waiter.self, capacity: Self.inlineWakeCapacity) { memory in
      var wakes = SubjectWakeList(memory)
      let result = state.withLock { $0.send(value, waking: &wakes) }
      if !wakes.isEmpty {
        census.resumed(wakes.count)
        wakes.resumeAll()
      }
      return result
    }
  }

  /// The slow path of `send` (``StorageBackedSubject/send(_:)`` calls ``trySend(_:)`` first): park until the full subscribers have drained, then retry.
  /// A cancelled sender stops waiting and its value is delivered to no subscriber.
  @inlinable
  func sendWhenRoom(_ value: Output, isolation: isolated (any Actor)?) async {
    // A subscriber that is still reading usually makes room within one yield. Letting it run first spares a park
    // and the wake after it; a sender that parks at once, with a reader that then drains the lot and parks in turn,
    // can settle into waking each other's threads once per buffer (a lone sink: 21 ns per value, or 45 in that state).
    // A sender cancelled meanwhile delivers nothing, as one cancelled while parked.
    await Task.yield()
    if Task.isCancelled { return }
    if trySend(value) != .full { return }
    while true {
      let ticket = state.withLock { $0.makeTicket() }
      await withTaskCancellationHandler {
        await park(isolation: isolation) { $0.parkSender(ticket: ticket, $1) }
      } onCancel: {
        wake(state.withLock { $0.cancelSender(ticket: ticket) })
      }
      // Woken by its cancellation, or cancelled as room appeared: either way the value goes to no subscriber.
      if Task.isCancelled { return }
      if trySend(value) != .full { return }
    }
  }

  @inlinable
  func complete(_ completion: Completion<Failure>) {
    perform(state.withLock { $0.complete(completion) })
  }

  // MARK: Subscribing

  /// Subscribes; returns the subscriber's token and, for the lane reader, its lane and how many replayed values it
  /// must take (through ``next(_:batchingInto:reportAfter:isolation:)``) before it reads the lane.
  @inlinable
  func subscribe(policy: BufferingPolicy) -> (token: SubjectToken, lane: SubjectLane<Output>?, replayed: Int) {
    state.withLock { state in
      let token = state.subscribe(policy: policy)
      guard state.subscribers[token.slot].readsLane else { return (token, nil, 0) }
      return (token, state.lane, state.subscribers[token.slot].buffer.count)
    }
  }

  /// See ``SubjectState/laneDrained(_:)``.
  @inlinable
  func laneDrained(_ token: SubjectToken) {
    wake(state.withLock { $0.laneDrained(token) })
  }

  /// The next value for one subscriber. Buffered values are returned without suspending;
  /// a cancelled task ends the subscription (returns `nil`). A `.suspend` subscriber's values
  /// may come with more in `batch` (see ``SubjectState/next(_:batchingInto:)``), which the
  /// caller returns before it asks again.
  ///
  /// The subject lets the subscriber go when it returns its end, and tells `subscription` so (see
  /// ``SubscriptionLifetime/released()``).
  @inlinable
  func next(
    _ subscription: SubscriptionLifetime<SubjectStorage>, batchingInto batch: inout RingBuffer<Output>,
    reportAfter: inout Int, isolation: isolated (any Actor)?
  ) async throws(Failure) -> Output? {
    let token = subscription.subscriber
    while true {
      if Task.isCancelled {
        cancel(token)
        return nil
      }
      switch state.withLock({ $0.next(token, batchingInto: &batch, reportAfter: &reportAfter) }) {
      case .value(let value, let sender):
        wake(sender)
        return value
      case .end(.failure(let error)):
        throw error
      case .end:
        subscription.released()
        return nil
      case .park:
        await parkCancellingSubscription(token, isolation: isolation) { $0.park(token, $1) }
      }
    }
  }

  /// See ``SubjectState/consumedFromBatch(_:remaining:)``.
  @inlinable
  func consumedFromBatch(_ token: SubjectToken, remaining: Int) {
    wake(state.withLock { $0.consumedFromBatch(token, remaining: remaining) })
  }

  /// The current value of a subject whose replay window holds one value.
  @usableFromInline
  var currentValue: Output? {
    state.withLock { $0.oldestReplayed }
  }
}
