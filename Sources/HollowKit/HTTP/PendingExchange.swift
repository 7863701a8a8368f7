import Dispatch
import Synchronization

/// One exchange's wait, resumed exactly once by whichever comes first: the transport's outcome, the
/// caller's cancellation or the deadline. A failure that wins calls `abandon`, which stops the
/// transport's work (cancels the data task, wakes the socket thread).
///
/// The deadline is a Dispatch timer: waiting for it costs no CPU.
///
/// ```swift
/// let pending = PendingExchange(abandon: { task.cancel() })
/// let outcome = await pending.wait(until: deadline, total: .seconds(30)) { task.resume() }
/// // elsewhere, when the answer is complete: pending.finish(.success(response))
/// ```
final class PendingExchange: Sendable {
  typealias Outcome = Result<HTTPClientResponse, TransportFailure>

  private enum State {
    case starting
    case waiting(CheckedContinuation<Outcome, Never>)
    /// Finished before anyone waited: the outcome to hand over.
    case finishedEarly(Outcome)
    case finished
  }

  private let state = Mutex(State.starting)
  private let abandon: @Sendable () -> Void

  init(abandon: @escaping @Sendable () -> Void) {
    self.abandon = abandon
  }

  /// Runs `start` (unless the exchange already ended) and waits for the outcome; past `deadline` it is
  /// ``TransportFailure/deadlineExceeded(total:)`` with `total`, on cancellation ``TransportFailure/cancelled``.
  func wait(until deadline: ContinuousClock.Instant, total: Duration, start: () -> Void) async -> Outcome {
    let timer = DispatchWorkItem { [weak self] in self?.finish(.failure(.deadlineExceeded(total: total))) }
    DispatchQueue.global().asyncAfter(
      deadline: .now() + Self.interval(ContinuousClock.now.duration(to: deadline)), execute: timer)
    defer { timer.cancel() }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
        let early = state.withLock { state -> Outcome? in
          guard case .finishedEarly(let outcome) = state else {
            state = .waiting(continuation)
            return nil
          }
          state = .finished
          return outcome
        }
        if let early {
          continuation.resume(returning: early)
        } else {
          start()
        }
      }
    } onCancel: {
      finish(.failure(.cancelled))
    }
  }

  /// Ends the exchange with `outcome` unless it already ended; later calls do nothing. `true` when this
  /// call decided the outcome (a transport may then keep the connection for the next exchange).
  @discardableResult
  func finish(_ outcome: Outcome) -> Bool {
    finish(outcome) { _ in }
  }

  /// ``finish(_:)``, running `beforeResuming` with whether this call decided the outcome, before the
  /// waiting caller resumes: a transport gives its connection back there, so that the caller's next
  /// request finds it.
  @discardableResult
  func finish(_ outcome: Outcome, beforeResuming: (Bool) -> Void) -> Bool {
    let (won, continuation) = state.withLock { state -> (Bool, CheckedContinuation<Outcome, Never>?) in
      switch state {
      case .starting:
        state = .finishedEarly(outcome)
        return (true, nil)
      case .waiting(let continuation):
        state = .finished
        return (true, continuation)
      case .finishedEarly, .finished:
        return (false, nil)
      }
    }
    beforeResuming(won)
    guard won else { return false }
    continuation?.resume(returning: outcome)
    if case .failure = outcome { abandon() }
    return true
  }

  /// Whether the exchange has ended (its outcome is decided).
  var isFinished: Bool {
    state.withLock { state in
      switch state {
      case .starting, .waiting: false
      case .finishedEarly, .finished: true
      }
    }
  }

  /// `duration` as a Dispatch interval (0 when negative, capped so it cannot overflow).
  static func interval(_ duration: Duration) -> DispatchTimeInterval {
    let (seconds, attoseconds) = duration.components
    guard seconds >= 0 else { return .nanoseconds(0) }
    guard seconds < 1_000_000_000 else { return .seconds(1_000_000_000) }
    return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
  }
}
