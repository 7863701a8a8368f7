import Dispatch
import Signal
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGWINCH, SIGTERM, SIGHUP and SIGINT as a Signal publisher. Once ``listening()`` returns,
/// their default actions are off (the process is not killed before it restores the terminal) and
/// none is lost: one that comes before the loop subscribes is replayed to it. ``close()`` puts
/// the defaults back.
///
/// ```swift
/// let signals = await TerminalSignalSource.listening()   // before the terminal is taken
/// defer { signals.close() }
/// for await signal in signals.publisher { if case .terminate = signal { break } }
/// ```
final class TerminalSignalSource {
  /// Replays: the loop subscribes after the sources listen, and a signal between is not dropped.
  private let subject: ReplaySubject<TerminalSignal, Never>
  private let sources: [any DispatchSourceSignal]

  private init(subject: ReplaySubject<TerminalSignal, Never>, sources: [any DispatchSourceSignal]) {
    self.subject = subject
    self.sources = sources
  }

  /// Starts watching and returns once every signal is caught. libdispatch installs its handler
  /// and signalfd on its manager thread some time after `resume()`; until then a signal has its
  /// previous disposition (which must not be SIG_IGN: an ignored signal is discarded by the
  /// kernel, and the reader would run on after SIGTERM). So the caller takes the terminal only
  /// after this returns: a signal before it ends the process with the terminal untouched.
  static func listening() async -> TerminalSignalSource {
    let subject = ReplaySubject<TerminalSignal, Never>(bufferSize: 16)
    let queue = DispatchQueue(label: "hollow-cli.reader.signals")
    let sources = TerminalSignal.watched.map { number, meaning in
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      // The subscriber drops the oldest rather than block a signal handler.
      source.setEventHandler { subject.trySend(meaning) }
      return source
    }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let pending = PendingRegistrations(sources.count, continuation)
      for source in sources {
        source.setRegistrationHandler { pending.registered() }
        source.resume()
      }
    }
    return TerminalSignalSource(subject: subject, sources: sources)
  }

  /// Every signal since ``listening()`` returned (the latest 16 before subscribing); a
  /// subscriber behind by 16 loses the oldest.
  var publisher: SubjectValues<TerminalSignal, Never> {
    subject.values(buffering: .dropOldest(16))
  }

  /// Stops watching and gives the signals their default actions back.
  func close() {
    for source in sources { source.cancel() }
    for (number, _) in TerminalSignal.watched { signal(number, SIG_DFL) }
  }
}

/// Resumes the waiting continuation once every source has registered.
private final class PendingRegistrations: Sendable {
  private let state: Mutex<(left: Int, continuation: CheckedContinuation<Void, Never>?)>

  init(_ count: Int, _ continuation: CheckedContinuation<Void, Never>) {
    state = Mutex((count, continuation))
    if count == 0 { registered(counting: false) }
  }

  func registered() { registered(counting: true) }

  private func registered(counting: Bool) {
    let done = state.withLock { state -> CheckedContinuation<Void, Never>? in
      if counting { state.left -= 1 }
      guard state.left <= 0 else { return nil }
      defer { state.continuation = nil }
      return state.continuation
    }
    done?.resume()
  }
}
