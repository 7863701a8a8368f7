/// Runs `operation` with a deadline: returns its value if it finishes within `duration`, and
/// otherwise cancels it and throws ``TimeoutFailure/timedOut``.
///
/// ```swift
/// let greeting = try await withTimeout(.seconds(5)) { await server.hello() }
/// // or, on a TestClock in a test:
/// let outcome = try await withTimeout(.seconds(5), clock: clock) { () async throws(FetchError) in
///   try await fetch()
/// }
/// ```
///
/// - The operation and a sleep on `clock` until now + `duration` run as two child tasks of a
///   task group; the first to finish decides. The other is cancelled and awaited before
///   `withTimeout` returns, so no task outlives the call.
/// - The deadline passing first throws ``TimeoutFailure/timedOut``, even if the cancelled
///   operation then returns a value or throws. Cancellation is cooperative: an operation that
///   ignores it delays the throw until it ends.
/// - The operation finishing first returns its value, or throws ``TimeoutFailure/failed(_:)``
///   with its error, whose type is kept (typed throws).
/// - Cancelling the caller's task cancels the operation and the deadline: `withTimeout` then
///   returns (or throws) whatever the cancelled operation returns (or throws). It never
///   invents a `CancellationError` of its own, so `Failure` stays the operation's error type.
/// - A `duration` of zero or less throws ``TimeoutFailure/timedOut`` at once, without
///   starting the operation.
///
/// - Parameters:
///   - duration: how long the operation may take, measured on `clock` from the call.
///   - tolerance: the leeway given to the clock's sleep.
///   - clock: the clock that measures the duration; a `TestClock` (SignalTesting) in tests.
///   - isolation: the actor the call runs on; the default, `#isolation`, is the caller's.
///   - operation: the work to bound.
/// - Returns: the operation's value, when it finishes before the deadline.
public func withTimeout<Success: Sendable, Failure: Error, C: Clock>(
  _ duration: C.Duration,
  tolerance: C.Duration? = nil,
  clock: C = ContinuousClock(),
  isolation: isolated (any Actor)? = #isolation,
  operation: @escaping @Sendable () async throws(Failure) -> Success
) async throws(TimeoutFailure<Failure>) -> Success {
  guard duration > .zero else { throw .timedOut }
  let deadline = clock.now.advanced(by: duration)
  let result = await withTaskGroup(of: TimeoutRace<Success, Failure>.self, isolation: isolation) { group in
    group.addTask {
      do throws(Failure) {
        return .finished(.success(try await operation()))
      } catch {
        return .finished(.failure(.failed(error)))
      }
    }
    group.addTask {
      // A sleep that ends in an error, or in a task already cancelled, is not the deadline:
      // the operation won, or the caller was cancelled and the operation decides.
      guard (try? await clock.sleep(until: deadline, tolerance: tolerance)) != nil, !Task.isCancelled else {
        return .sleepInterrupted
      }
      return .deadlinePassed
    }
    while let race = await group.next() {
      switch race {
      case .finished(let result):
        group.cancelAll()
        return result
      case .deadlinePassed:
        group.cancelAll()
        return .failure(.timedOut)
      case .sleepInterrupted:
        continue
      }
    }
    preconditionFailure("withTimeout: the operation's task ended without a result")
  }
  return try result.get()
}
