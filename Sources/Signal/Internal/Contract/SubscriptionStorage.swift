/// The one contract of Signal's shared state: every concurrent operator, subject, share and
/// future holds its state machine in a storage that adopts this protocol, and subscribes,
/// parks, resumes, cancels and ends through the moves below, never its own.
///
/// - **Subscribing** happens when the subscriber subscribes: a storage is made by the
///   operator's `makeAsyncIterator()` and receives its upstreams as ``UpstreamSubscription``s,
///   already subscribed (``upstreams``). Tasks start on the first demand (``spawn(_:adopt:)``)
///   and are adopted by the state machine, so that its end cancels them.
/// - **Parking** (``park(isolation:_:)``) decides under the lock whether the calling task waits,
///   and never parks a task that is already cancelled; the census counts every park.
/// - **Resuming** happens only after the lock is released (``perform(_:)``), counted by the
///   census.
/// - **Cancelling** (``cancel(_:)``) runs the state machine's ``SubscriptionStateMachine/cancel(_:)``,
///   performs what it returns, and releases the upstream subscriptions no task has taken yet.
///   A ``SubscriptionLifetime`` calls it when the iterator goes away (unless the state machine had already let the
///   subscriber go, see ``SubscriptionLifetime/released()``); a consumer's cancellation
///   handler (``parkCancellingSubscription(_:isolation:_:)``) calls it when its task is cancelled.
@usableFromInline
protocol SubscriptionStorage: AnyObject, Sendable {
  associatedtype StateMachine: SubscriptionStateMachine

  var state: Lock<StateMachine> { get }
  var census: Census { get }
  /// The upstreams this storage subscribed to when its subscriber subscribed; released when
  /// the subscription is cancelled if no task has taken them.
  var upstreams: [any ReleasableSubscription] { get }
}

extension SubscriptionStorage {
  // MARK: Resuming

  /// Does what a state machine decided, after its lock is released: cancels tasks, resumes
  /// waiters, releases subscriptions.
  @inlinable
  func perform(_ effects: Effects) {
    for task in effects.tasksToCancel { task.cancel() }
    wake(effects.wakeups)
    for subscription in effects.subscriptionsToRelease { subscription.release() }
  }

  @inlinable
  func wake(_ wakeups: Wakeups) {
    guard !wakeups.isEmpty else { return }
    census.resumed(wakeups.count)
    wakeups.resumeAll()
  }

  @inlinable
  func wake(_ waiter: Waiter?) {
    guard let waiter else { return }
    census.resumed()
    waiter.resume()
  }

  // MARK: Parking

  /// Parks the calling task if `decide`, run under the lock, keeps the waiter (returns
  /// `true`); returns at once otherwise. A task that is already cancelled is never parked:
  /// `decide` is not asked, and the caller finds the cancellation when it looks again.
  @inlinable
  func park(isolation actor: isolated (any Actor)? = #isolation, _ decide: (inout StateMachine, Waiter) -> Bool) async {
    await withUnsafeContinuation(isolation: actor) { (waiter: Waiter) in
      let parked = state.withLock { machine in
        // Checked under the lock: a cancellation that ran earlier is visible here, and one
        // that runs later finds the waiter in the state and resumes it.
        guard !Task.isCancelled, decide(&machine, waiter) else { return false }
        census.parked()
        return true
      }
      if !parked { waiter.resume() }
    }
  }

  /// ``park(isolation:_:)`` for a subscriber: if its task is cancelled while it waits, its
  /// subscription is cancelled (which resumes it).
  @inlinable
  func parkCancellingSubscription(
    _ subscriber: StateMachine.Subscriber,
    isolation actor: isolated (any Actor)? = #isolation,
    _ decide: (inout StateMachine, Waiter) -> Bool
  ) async {
    await withTaskCancellationHandler {
      await park(isolation: actor, decide)
    } onCancel: {
      cancel(subscriber)
    }
  }

  // MARK: Tasks

  /// Starts a task running `body` and hands it to the state machine (`adopt`), so that the
  /// end of the subscription cancels it. If the subscription has already ended (`adopt`
  /// returns `false`), the task is cancelled at once.
  /// Returns the task, for a consumer that waits for it at the end.
  @inlinable
  @discardableResult
  func spawn(
    _ body: @escaping @Sendable (Self) async -> Void,
    adopt: (inout StateMachine, Task<Void, Never>) -> Bool
  ) -> Task<Void, Never> {
    let task = Task { await body(self) }
    if !state.withLock({ adopt(&$0, task) }) { task.cancel() }
    return task
  }

  // MARK: Ending

  /// Ends `subscriber`'s subscription: see ``SubscriptionStateMachine/cancel(_:)``.
  @inlinable
  func cancel(_ subscriber: StateMachine.Subscriber) {
    perform(state.withLock { $0.cancel(subscriber) })
    for upstream in upstreams { upstream.release() }
  }
}

extension SubscriptionStorage where StateMachine.Subscriber == Void {
  /// Ends the subscription.
  @inlinable
  func cancel() {
    cancel(())
  }
}
