import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal while the reader owns it: raw mode, the alternate screen, the cursor hidden (each
/// frame places and shows it), bracketed paste and mouse reporting on. ``restore()`` undoes all of it, once, whoever calls it first: the normal
/// quit, an error path, or the handler of SIGTERM/SIGHUP/SIGINT. The screen the user had before
/// comes back (the alternate screen is left), and the termios settings are those read at
/// ``open(input:output:mouse:)``.
///
/// ```swift
/// let terminal = try FullScreenTerminal.open(input: STDIN_FILENO, output: .standardOutput)
/// defer { terminal.restore() }
/// ```
final class FullScreenTerminal: Sendable {
  private enum Phase {
    case active
    /// Handed over to another program (the editor) for a while.
    case suspended
    case restored
  }

  private let raw: RawMode
  private let output: any TextOutput
  private let mouse: Bool
  private let phase = Mutex(Phase.active)

  private init(raw: RawMode, output: any TextOutput, mouse: Bool) {
    self.raw = raw
    self.output = output
    self.mouse = mouse
  }

  static func open(input: Int32, output: any TextOutput, mouse: Bool = true) throws(RawMode.Failure)
    -> FullScreenTerminal
  {
    let raw = try RawMode.enable(on: input)
    let terminal = FullScreenTerminal(raw: raw, output: output, mouse: mouse)
    terminal.enter()
    return terminal
  }

  private func enter() {
    var enter =
      TerminalText.control(.alternateScreen(true)) + .control(.cursorVisible(false)) + .control(.bracketedPaste(true))
    if mouse { enter += .control(.mouseReporting(true)) }
    output.write(enter + .control(.eraseScreen))
  }

  /// Whether ``restore()`` has run.
  var isRestored: Bool { phase.withLock { $0 == .restored } }

  /// Gives the terminal back as it was, for another program (the editor); ``resume()`` takes it
  /// again.
  func suspend() {
    let active = phase.withLock { phase in
      defer { if phase == .active { phase = .suspended } }
      return phase == .active
    }
    if active { leave() }
  }

  /// Takes the terminal again after ``suspend()``: raw mode, alternate screen, hidden cursor.
  /// Throws when raw mode cannot be switched on again.
  func resume() throws(RawMode.Failure) {
    let suspended = phase.withLock { phase in
      defer { if phase == .suspended { phase = .active } }
      return phase == .suspended
    }
    guard suspended else { return }
    _ = try RawMode.enable(on: raw.descriptor)
    enter()
  }

  /// Leaves the alternate screen, shows the cursor, stops bracketed paste and mouse reports and puts the termios
  /// settings back. Only the first call does anything (nothing more after a suspend).
  func restore() {
    let wasActive = phase.withLock { phase in
      defer { phase = .restored }
      return phase == .active
    }
    if wasActive { leave() }
  }

  private func leave() {
    var leave = TerminalText.control(.graphicRendition([0]))
    if mouse { leave += .control(.mouseReporting(false)) }
    leave +=
      .control(.synchronizedUpdate(false)) + .control(.bracketedPaste(false)) + .control(.cursorVisible(true))
      + .control(.alternateScreen(false))
    output.write(leave)
    raw.restore()
  }
}
