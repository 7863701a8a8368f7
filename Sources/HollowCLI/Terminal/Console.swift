import Synchronization

/// Where one run of the CLI writes: the environment's stdout and stderr, with a progress line that
/// never mixes with the output, and the token blotted out of everything on stderr.
///
/// - The progress line is drawn on stderr only when stdout and stderr are both terminals: then
///   they are (almost always) the same screen, the line is visible while work goes on, and it is
///   erased before anything else is written to either stream. When stdout is a pipe or a file
///   (`| head`, `| less -R`, `> out.txt`) nothing is drawn: on a terminal the line would land
///   between the lines of the program reading the pipe.
/// - stderr gets the raw text redacted, sanitized, then redacted again (see ``SecretRedactor``).
///
/// ```swift
/// let console = Console(environment: environment, showsProgress: true, secrets: [token])
/// console.showProgress("loading page 1/3…")
/// console.write(TerminalText("#123") + .newline)  // erases the progress line first
/// ```
final class Console: Sendable {
  let environment: CLIEnvironment
  /// Whether ``showProgress(_:)`` draws anything.
  let showsProgress: Bool
  private let redactor: SecretRedactor
  /// Whether a progress line is on the screen now; writes happen under this lock so a progress
  /// line and an output line never interleave.
  private let progressShown = Mutex(false)

  init(environment: CLIEnvironment, showsProgress: Bool, secrets: [String?] = []) {
    self.environment = environment
    self.showsProgress = showsProgress
    redactor = SecretRedactor(secrets: secrets.compactMap { $0 })
  }

  /// Whether progress can be shown for `environment` at all: both streams are terminals.
  static func canShowProgress(in environment: CLIEnvironment) -> Bool {
    environment.stdoutIsTerminal && environment.stderrIsTerminal
  }

  /// Writes `text` to stdout, after erasing the progress line.
  func write(_ text: TerminalText) {
    progressShown.withLock { shown in
      erase(&shown)
      environment.stdout.write(text)
    }
  }

  /// Writes `text` to stderr, after erasing the progress line, with secrets blotted out.
  func writeError(_ text: TerminalText) {
    progressShown.withLock { shown in
      erase(&shown)
      environment.stderr.write(text.redacted(by: redactor))
    }
  }

  /// Writes a message from anywhere (a server's words, a decoding error) to stderr: secrets are
  /// blotted out of the raw text, which is then sanitized (newlines kept) and redacted again.
  func writeError(message: String) {
    writeError(TerminalText(lines: redactor.redactRaw(message)))
  }

  /// Draws `text` as the progress line (replacing the previous one), if progress is shown.
  func showProgress(_ text: String) {
    guard showsProgress else { return }
    progressShown.withLock { shown in
      environment.stderr.write(.control(.eraseLine) + TerminalText(text).redacted(by: redactor))
      shown = true
    }
  }

  /// Erases the progress line, if one is drawn.
  func clearProgress() {
    progressShown.withLock { erase(&$0) }
  }

  private func erase(_ shown: inout Bool) {
    guard shown else { return }
    environment.stderr.write(.control(.eraseLine))
    shown = false
  }
}
