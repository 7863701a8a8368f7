import Dispatch
import Signal

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGWINCH, SIGTERM, SIGHUP and SIGINT as a Signal publisher. While it is open their default
/// actions are off (the process is not killed before it restores the terminal); ``close()`` puts
/// the defaults back.
///
/// ```swift
/// let signals = TerminalSignalSource()
/// defer { signals.close() }
/// for await signal in signals.publisher { if case .terminate = signal { break } }
/// ```
final class TerminalSignalSource {
  private let subject = PassthroughSubject<TerminalSignal, Never>()
  private let sources: [any DispatchSourceSignal]

  init() {
    let queue = DispatchQueue(label: "hollow-cli.reader.signals")
    let subject = subject
    sources = TerminalSignal.watched.map { number, meaning in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      // The subscriber drops the oldest rather than block a signal handler.
      source.setEventHandler { subject.trySend(meaning) }
      source.resume()
      return source
    }
  }

  /// Every signal from the moment of subscribing; a subscriber behind by 16 loses the oldest.
  var publisher: SubjectValues<TerminalSignal, Never> {
    subject.values(buffering: .dropOldest(16))
  }

  /// Stops watching and gives the signals their default actions back.
  func close() {
    for source in sources { source.cancel() }
    for (number, _) in TerminalSignal.watched { signal(number, SIG_DFL) }
  }
}
