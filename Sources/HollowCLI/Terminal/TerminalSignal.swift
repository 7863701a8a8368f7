#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A signal the reader reacts to: the window changed size, or the process is asked to end.
enum TerminalSignal: Sendable, Equatable {
  /// SIGWINCH.
  case resized
  /// SIGTERM, SIGHUP or SIGINT (the number): restore the terminal and exit with 128 + number.
  case terminate(Int32)

  /// The signals watched, and what each means.
  static let watched: [(Int32, TerminalSignal)] = [
    (SIGWINCH, .resized), (SIGTERM, .terminate(SIGTERM)), (SIGHUP, .terminate(SIGHUP)),
    (SIGINT, .terminate(SIGINT)),
  ]
}
