/// The shared state of one subject: its ``SubjectState`` behind a ``Lock``. Every method
/// decides under the lock and resumes continuations only after releasing it.
///
/// The subject object owns the storage's lifetime as a *sender*; subscriptions keep the
/// storage alive too, so a subject that goes away finishes its subscribers (see `deinit`
/// of the subject types) instead of leaving them parked forever.
@usableFromInline
final class SubjectStorage<Output: Sendable, Failure: Error>: Sendable {
  @usableFromInline let state: Lock<SubjectState<Output, Failure>>
  let census: CensusScope?

  /// How many parked consumers one send wakes without allocating.
  @usableFromInline static var inlineWakeCapacity: Int { 32 }

  @usableFromInline
  init(replayLimit: Int, initial: [Output], replaysAfterCompletion: Bool) {
    state = Lock(
      SubjectState(replayLimit: replayLimit, initial: initial, replaysAfterCompletion: replaysAfterCompletion))
    census = Census.objectCreated()
  }

  deinit {
    census.objectDestroyed()
  }

  // MARK: Sending

  /// Delivers `value` now if no `.suspend` subscriber is full.
  @inlinable
  func trySend(_ value: Output) -> SubjectSendResult {
    withUnsafeTemporaryAllocation(of: SubjectWaiter.self, capacity: Self.inlineWakeCapacity) { memory in
      var wakes = SubjectWakeList(memory)
      let result = state.withLock { $0.send(value, waking: &wakes) }
      if !wakes.isEmpty { resume(wakes) }
      return result
    }
  }

  @inlinable
  func send(_ value: Output, isolation: isolated (any Actor)?) async {
    if trySend(value) == .full { await sendWhenRoom(value, isolation: isolation) }
  }

  /// The slow path of `send`: park until the full subscribers have drained, then retry.
  /// A cancelled sender stops waiting and its value is delivered to no subscriber.
  @usableFromInline
  func sendWhenRoom(_ value: Output, isolation: isolated (any Actor)?) async {
    while !Task.isCancelled {
      let ticket = state.withLock { $0.makeTicket() }
      await withTaskCancellationHandler {
        await withUnsafeContinuation(isolation: isolation) { (waiter: SubjectWaiter) in
          let parked = state.withLock {
            // Checked under the lock: either the handler below runs after we park and finds
            // the ticket, or cancellation was already visible here and we do not park.
            guard !Task.isCancelled, $0.parkSender(ticket: ticket, waiter) else { return false }
            census.continuationParked()
            return true
          }
          if !parked { waiter.resume() }
        }
      } onCancel: {
        if let waiter = state.withLock({ $0.cancelSender(ticket: ticket) }) { resumeParked(waiter) }
      }
      if trySend(value) != .full { return }
    }
  }

  @usableFromInline
  func complete(_ completion: Completion<Failure>) {
    let waiters = state.withLock { $0.complete(completion) }
    for waiter in waiters { waiter.resume() }
    census.continuationResumed(waiters.count)
  }

  // MARK: Subscribing

  @usableFromInline
  func subscribe(policy: BufferingPolicy) -> SubjectToken {
    state.withLock { $0.subscribe(policy: policy) }
  }

  @usableFromInline
  func unsubscribe(_ token: SubjectToken) {
    let (consumer, sender) = state.withLock { $0.unsubscribe(token) }
    if let consumer { resumeParked(consumer) }
    if let sender { resumeParked(sender) }
  }

  /// The next value for one subscriber. Buffered values are returned without suspending;
  /// a cancelled task ends the subscription (returns `nil`).
  @inlinable
  func next(_ token: SubjectToken, isolation: isolated (any Actor)?) async throws(Failure) -> Output? {
    while true {
      if Task.isCancelled {
        unsubscribe(token)
        return nil
      }
      switch state.withLock({ $0.next(token) }) {
      case .value(let value, let sender):
        if let sender { resumeParked(sender) }
        return value
      case .end(.failure(let error)):
        throw error
      case .end:
        return nil
      case .park:
        await park(token, isolation: isolation)
      }
    }
  }

  @usableFromInline
  func park(_ token: SubjectToken, isolation: isolated (any Actor)?) async {
    await withTaskCancellationHandler {
      await withUnsafeContinuation(isolation: isolation) { (waiter: SubjectWaiter) in
        let parked = state.withLock {
          guard !Task.isCancelled, $0.park(token, waiter) else { return false }
          census.continuationParked()
          return true
        }
        if !parked { waiter.resume() }
      }
    } onCancel: {
      unsubscribe(token)
    }
  }

  // MARK: Waking

  @usableFromInline
  func resume(_ wakes: SubjectWakeList) {
    wakes.resumeAll()
    census.continuationResumed(wakes.count)
  }

  @usableFromInline
  func resumeParked(_ waiter: SubjectWaiter) {
    waiter.resume()
    census.continuationResumed()
  }

  /// The current value of a subject whose replay window holds one value.
  @usableFromInline
  var currentValue: Output? {
    state.withLock { $0.oldestReplayed }
  }
}
