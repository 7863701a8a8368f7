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
    let waiter = state.withLock { state -> Waiter? in
      state.count -= 1
      return state.count == 0 ? state.waiter.take() : nil
    }
    waiter?.resume()
  }

  /// Returns once every counted task has returned.
  @inlinable
  func allReturned() async {
    await withUnsafeContinuation { (waiter: Waiter) in
      let done = state.withLock { state -> Bool in
        guard state.count > 0 else { return true }
        state.waiter = waiter
        return false
      }
      if done { waiter.resume() }
    }
  }
}
