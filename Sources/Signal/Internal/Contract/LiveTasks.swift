/// Counts the tasks an operator starts beside its producer task (`flatMap`'s workers,
/// `switchToLatest`'s inner tasks), so that the producer task returns only once they all have:
/// the consumer waits for the producer task when the stream ends, and through it for them.
///
/// A task is counted before it is created and uncounts itself as its last step; a task that
/// starts another does so before it returns, so a count of zero means that every one has returned.
@usableFromInline
final class LiveTasks: Sendable {
  @usableFromInline
  struct State: Sendable {
    @usableFromInline var count = 0
    @usableFromInline var waiter: Waiter?
    /// The census of the storage whose producer task waits: its park and resume are counted.
    @usableFromInline var census: Census?

    @inlinable
    init() {}
  }

  @usableFromInline let state = Lock(State())

  @inlinable
  init() {}

  /// Call before creating the task.
  @inlinable
  func started() {
    state.withLock { $0.count += 1 }
  }

  /// Call as the task's last step.
  @inlinable
  func returned() {
    let (waiter, census) = state.withLock { state -> (Waiter?, Census?) in
      state.count -= 1
      guard state.count == 0, let waiter = state.waiter.take() else { return (nil, nil) }
      return (waiter, state.census.take())
    }
    guard let waiter else { return }
    census?.resumed()
    waiter.resume()
  }

  /// Returns once every counted task has returned. A wait is a park of the storage's: `census`
  /// counts it and its resume, as the contract's ``SubscriptionStorage/park(isolation:_:)`` does.
  @inlinable
  func allReturned(reportingTo census: Census) async {
    await withUnsafeContinuation { (waiter: Waiter) in
      let done = state.withLock { state -> Bool in
        guard state.count > 0 else { return true }
        state.waiter = waiter
        state.census = census
        census.parked()
        return false
      }
      if done { waiter.resume() }
    }
  }
}
