import Dispatch
import Signal

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGWINCH, SIGTERM, SIGHUP and SIGINT as a Signal publisher. While it is open their default
/// actions are off (the process is not killed before it restores the terminal); ``close()`` puts
/// the defaults back. A signal that arrives before the loop has subscribed (a SIGHUP right after
/// the first frame, while the merged events are still subscribing) is kept and delivered then:
/// the subject replays the last 16.
///
/// ```swift
/// let signals = TerminalSignalSource()
/// defer { signals.close() }
/// for await signal in signals.publisher { if case .terminate = signal { break } }
/// ```
final class TerminalSignalSource {
  private let subject = ReplaySubject<TerminalSignal, Never>(bufferSize: 16)
  private let sources: [any DispatchSourceSignal]

  init() {
    let queue = DispatchQueue(label: "hollow-cli.reader.signals")
    let subject = subject
    sources = TerminalSignal.watched.map { number, meaning in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      // The subscriber drops the oldest rather than block a signal handler.
      source.setEventHandler { Self.deliver(meaning, to: subject) }
      source.resume()
      return source
    }
  }

  /// Every signal since the source opened (the last 16 before subscribing, then every one); a
  /// subscriber behind by 16 loses the oldest.
  var publisher: SubjectValues<TerminalSignal, Never> {
    subject.values(buffering: .dropOldest(16))
  }

  /// What the signal handler does with a signal: hands it to the subscriber, or keeps it for the
  /// one to come.
  static func deliver(_ signal: TerminalSignal, to subject: ReplaySubject<TerminalSignal, Never>) {
    subject.trySend(signal)
  }

  /// Hands on `signal` as the handler would (tests).
  func deliver(_ signal: TerminalSignal) {
    Self.deliver(signal, to: subject)
  }

  /// Stops watching and gives the signals their default actions back.
  func close() {
    for source in sources { source.cancel() }
    for (number, _) in TerminalSignal.watched { signal(number, SIG_DFL) }
  }
}
