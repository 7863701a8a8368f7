import HollowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything the CLI takes from its process, passed in so tests can run it in-process: input and
/// output streams, environment variables, which of them are terminals, the time, and how `serve`
/// learns it should stop.
///
/// ```swift
/// let stdout = CapturedOutput(), stderr = CapturedOutput()
/// let environment = CLIEnvironment(stdout: stdout, stderr: stderr, variables: [:], now: Date())
/// let status = await HollowCLI.run(["timeline"], environment: environment)
/// ```
public struct CLIEnvironment: Sendable {
  public var stdout: any TextOutput
  public var stderr: any TextOutput
  /// Where `send -` and `comment PID -` read their text.
  public var stdin: any TextInput
  /// Environment variables (HOLLOW_SERVER, HOLLOW_TOKEN, HOLLOW_IMAGE_BASE, NO_COLOR, COLUMNS,
  /// VISUAL, EDITOR).
  public var variables: [String: String]
  /// Whether stdout is a terminal: colours are used then (`--color=auto`), and progress may be.
  public var stdoutIsTerminal: Bool
  /// Whether stderr is a terminal: progress lines are shown only when stdout is one too.
  public var stderrIsTerminal: Bool
  /// Whether stdin is a terminal: without TEXT, `send` and `comment` read stdin only when it is not.
  public var stdinIsTerminal: Bool
  /// Whether this is a real process whose stdin and stdout are both terminals: then `hollow-cli`
  /// (and `timeline`, `wander`, `attentions`, `search`) open the full-screen reader. Only
  /// ``process()`` sets it: an environment made in tests never takes over a terminal.
  public var opensReader: Bool = false
  /// The terminal's width from the system (TIOCGWINSZ), if stdout is one.
  public var terminalColumns: Int?
  /// "Now", for relative times.
  public var now: Date
  public var zone: ClockZone
  /// Returns when `serve` should stop; the process waits for SIGINT/SIGTERM.
  public var waitForTermination: @Sendable () async -> Void
  /// The wall clock the client keeps the server's rate-limit windows on (``HollowKit/RateLimitKeeper``);
  /// tests share a virtual one with their server, so a window passes without sleeping.
  public var rateLimitNow: RateLimitKeeper.Now = { Date().timeIntervalSince1970 }
  /// How the client waits for a rate-limit window to open.
  public var rateLimitSleep: RateLimitKeeper.Sleep = { try await Task.sleep(for: $0) }

  public init(
    stdout: any TextOutput, stderr: any TextOutput, stdin: any TextInput = FixedInput(""), variables: [String: String],
    stdoutIsTerminal: Bool = false, stderrIsTerminal: Bool = false, stdinIsTerminal: Bool = true,
    terminalColumns: Int? = nil, now: Date, zone: ClockZone = .system,
    waitForTermination: @escaping @Sendable () async -> Void = {}
  ) {
    self.stdout = stdout
    self.stderr = stderr
    self.stdin = stdin
    self.variables = variables
    self.stdoutIsTerminal = stdoutIsTerminal
    self.stderrIsTerminal = stderrIsTerminal
    self.stdinIsTerminal = stdinIsTerminal
    self.terminalColumns = terminalColumns
    self.now = now
    self.zone = zone
    self.waitForTermination = waitForTermination
  }

  /// The real process: stdout/stderr, its environment, its terminal, the clock and signals.
  public static func process() -> CLIEnvironment {
    var environment = CLIEnvironment(
      stdout: FileDescriptorOutput.standardOutput, stderr: FileDescriptorOutput.standardError,
      stdin: FileDescriptorInput.standardInput, variables: ProcessInfo.processInfo.environment,
      stdoutIsTerminal: TerminalSize.isTerminal(STDOUT_FILENO),
      stderrIsTerminal: TerminalSize.isTerminal(STDERR_FILENO),
      stdinIsTerminal: TerminalSize.isTerminal(STDIN_FILENO),
      terminalColumns: TerminalSize.columns(of: STDOUT_FILENO),
      now: Date(), waitForTermination: { await TerminationSignal.wait() })
    environment.opensReader = environment.stdinIsTerminal && environment.stdoutIsTerminal
    return environment
  }

  /// The width to wrap to: the terminal's, else `COLUMNS`, else 80.
  public var width: Int {
    if let terminalColumns, terminalColumns > 0 { return terminalColumns }
    if let columns = variables["COLUMNS"].flatMap(Int.init), columns > 0 { return min(columns, 1_000) }
    return Self.defaultWidth
  }

  public static let defaultWidth = 80

  /// Whether to write colours in `mode`: `auto` colours a terminal only. (`NO_COLOR` is already
  /// in the mode: ``GlobalOptions`` makes it `never` unless the command line says otherwise.)
  public func usesColor(_ mode: ColorMode) -> Bool {
    switch mode {
    case .always: true
    case .never: false
    case .auto: stdoutIsTerminal
    }
  }
}
