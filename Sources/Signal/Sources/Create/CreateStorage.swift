/// The shared state of one ``Publishers/Create`` subscription: the consumer's side (``next(_:isolation:)``)
/// and the source's (``send(_:)``, ``trySend(_:)``, ``complete(_:)``, ``onCancel(_:)``).
///
/// The per-value paths (a send with room, a batch taken, a value returned) are inlinable, so that they are
/// specialized for the caller's `Output`: unspecialized, every call looked up the generic metadata of the
/// buffer and the actions, which cost more than the lock.
@usableFromInline
final class CreateStorage<Output: Sendable, Failure: Error>: SubscriptionStorage {
  @usableFromInline let state: Lock<CreateStateMachine<Output, Failure>>
  @usableFromInline let census = Census()
  @usableFromInline let body: @Sendable (Publishers.Create<Output, Failure>.Subscriber) async throws(Failure) -> Void

  @usableFromInline
  init(
    policy: BufferingPolicy,
    body: @escaping @Sendable (Publishers.Create<Output, Failure>.Subscriber) async throws(Failure) -> Void
  ) {
    state = Lock(CreateStateMachine(policy: policy))
    self.body = body
  }

  deinit {
    census.objectDestroyed()
  }

  /// The source is not an upstream subscription: it starts on demand, in a task of its own.
  @usableFromInline
  var upstreams: [any ReleasableSubscription] { [] }

  // MARK: Consumer

  /// Fills the consumer's empty `batch` (reporting the values it returned since the last time),
  /// waiting for values or the end. Returns the next value (the first of the batch, or a value
  /// handed out alone), or `nil` at the end.
  @inlinable
  func next(
    _ batch: inout ConsumerBatch<Output>, isolation actor: isolated (any Actor)?
  ) async throws(Failure) -> Output? {
    var yielded = false
    var returned = batch.takeUnreported()
    while true {
      let (woken, action) = state.withLock { machine in
        let woken = returned > 0 ? machine.returned(returned) : Effects()
        return (woken, machine.next(into: &batch.elements))
      }
      returned = 0
      perform(woken)
      switch action {
      case .value(let value):
        return value
      case .batch(let effects):
        perform(effects)
        return batch.popFirst()
      case .end(let completion, let effects):
        perform(effects)
        if case .failure(let error) = completion { throw error }
        return nil
      case .start:
        spawn({ storage in await storage.run() }, adopt: { $0.adopt($1) })
        await parkCancellingSubscription((), isolation: actor) { $0.parkConsumer($1) }
      case .park:
        // Once before parking, step aside: a producer that is running (or queued behind this task) has usually
        // sent the next values by then, which are taken in a batch; parking instead would cost a wake-up (a
        // thread woken across cores) for each value, whose cost also varied from run to run.
        if !yielded {
          yielded = true
          await Task.yield()
          continue
        }
        await parkCancellingSubscription((), isolation: actor) { $0.parkConsumer($1) }
      }
    }
  }

  /// The consumer returned `count` values of its batch before it was used up: room for the senders.
  @inlinable
  func returned(_ count: Int) {
    perform(state.withLock { $0.returned(count) })
  }

  @usableFromInline
  func run() async {
    do throws(Failure) {
      try await body(Publishers.Create<Output, Failure>.Subscriber(storage: self))
    } catch {
      complete(.failure(error))
    }
  }

  // MARK: Source

  @inlinable
  func trySend(_ value: Output) -> CreateSendResult {
    let (result, consumer) = state.withLock { $0.trySend(value) }
    wake(consumer)
    return result
  }

  /// A send that found a full `.suspend` buffer: parks with its value until it is admitted.
  @usableFromInline
  func sendWaiting(_ value: Output) async -> CreateSendResult {
    let ticket = state.withLock { $0.makeTicket() }
    while true {
      let result = trySend(value)
      guard result == .full else { return result }
      await withTaskCancellationHandler {
        await park { $0.parkSender(ticket: ticket, value: value, $1) }
      } onCancel: {
        perform(state.withLock { $0.cancelSender(ticket: ticket) })
      }
      if let decided = state.withLock({ $0.takeResult(ticket: ticket) }) { return decided }
      if Task.isCancelled { return state.withLock { $0.isAccepting } ? .full : .terminated }
    }
  }

  @usableFromInline
  func complete(_ completion: Completion<Failure>) {
    perform(state.withLock { $0.complete(completion) })
  }

  @usableFromInline
  func onCancel(_ handler: @escaping @Sendable () -> Void) {
    state.withLock { $0.onCancel(CancelHandler(handler)) }?.release()
  }

  @usableFromInline
  var isAccepting: Bool {
    state.withLock { $0.isAccepting }
  }
}
