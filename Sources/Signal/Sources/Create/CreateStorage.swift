/// The shared state of one ``Publishers/Create`` subscription: the consumer's side (``next(isolation:)``)
/// and the source's (``send(_:)``, ``trySend(_:)``, ``complete(_:)``, ``onCancel(_:)``).
final class CreateStorage<Output: Sendable, Failure: Error>: SubscriptionStorage {
  let state: Lock<CreateStateMachine<Output, Failure>>
  let census = Census()
  private let body: @Sendable (Publishers.Create<Output, Failure>.Subscriber) async throws(Failure) -> Void

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
  var upstreams: [any ReleasableSubscription] { [] }

  // MARK: Consumer

  func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
    var yielded = false
    while true {
      switch state.withLock({ $0.next() }) {
      case .value(let value, let effects):
        perform(effects)
        return value
      case .end(let completion, let effects):
        perform(effects)
        if case .failure(let error) = completion { throw error }
        return nil
      case .start:
        spawn({ storage in await storage.run() }, adopt: { $0.adopt($1) })
        await parkCancellingSubscription((), isolation: actor) { $0.parkConsumer($1) }
      case .park:
        // Once before parking, step aside: a producer that is running (or queued behind this task) has usually
        // sent the next values by then, which are taken in a run; parking instead would cost a wake-up (a thread
        // woken across cores) for each value, whose cost also varied from run to run.
        if !yielded {
          yielded = true
          await Task.yield()
          continue
        }
        await parkCancellingSubscription((), isolation: actor) { $0.parkConsumer($1) }
      }
    }
  }

  private func run() async {
    do throws(Failure) {
      try await body(Publishers.Create<Output, Failure>.Subscriber(storage: self))
    } catch {
      complete(.failure(error))
    }
  }

  // MARK: Source

  func trySend(_ value: Output) -> CreateSendResult {
    let (result, effects) = state.withLock { $0.trySend(value) }
    perform(effects)
    return result
  }

  func send(_ value: Output) async -> CreateSendResult {
    // The common case takes one lock: a ticket is drawn only by a sender that has to wait.
    let first = trySend(value)
    guard first == .full else { return first }
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

  func complete(_ completion: Completion<Failure>) {
    perform(state.withLock { $0.complete(completion) })
  }

  func onCancel(_ handler: @escaping @Sendable () -> Void) {
    state.withLock { $0.onCancel(CancelHandler(handler)) }?.release()
  }

  var isAccepting: Bool {
    state.withLock { $0.isAccepting }
  }
}
