import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Waits for SIGINT or SIGTERM, so `serve` can shut its server down cleanly instead of dying.
enum TerminationSignal {
  /// Returns when the process receives SIGINT or SIGTERM (from then on both are observed
  /// through dispatch sources instead of ending the process).
  ///
  /// Not SIG_IGN first: libdispatch installs its handler on its manager thread some time after
  /// `resume()`, and a signal ignored meanwhile is discarded by the kernel (the main thread blocks
  /// none), so `serve` would run on after SIGTERM. Until the handler is in, the default action
  /// ends the process instead.
  static func wait() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let queue = DispatchQueue(label: "hollow-cli.signals")
      let sources = [SIGINT, SIGTERM].map { number in
        DispatchSource.makeSignalSource(signal: number, queue: queue)
      }
      let once = ResumeOnce(continuation)
      for source in sources {
        // Cancelling releases the handlers, and with them this reference cycle.
        source.setEventHandler {
          for source in sources { source.cancel() }
          once.resume()
        }
        source.resume()
      }
    }
  }
}

/// Resumes the waiting continuation on the first signal only.
private final class ResumeOnce: Sendable {
  private let continuation: Mutex<CheckedContinuation<Void, Never>?>

  init(_ continuation: CheckedContinuation<Void, Never>) {
    self.continuation = Mutex(continuation)
  }

  func resume() {
    let continuation = continuation.withLock { continuation in
      defer { continuation = nil }
      return continuation
    }
    continuation?.resume()
  }
}
