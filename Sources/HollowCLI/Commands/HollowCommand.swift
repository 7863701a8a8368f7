/// A hollow-cli command as a type, in the shape of swift-argument-parser's `ParsableCommand`:
/// its name, help and options (``configuration``), its checks (``init(parsing:)``) and its
/// ``run(in:)``. The parser, the help text and the run all read the same type, so they never
/// disagree; a new command is one new file and one line in ``CommandTable/commands``.
///
/// ```swift
/// struct WanderCommand: BackendCommand {
///   static let configuration = CommandConfiguration("wander", summary: "show random posts")
///   init(parsing arguments: ParsedArguments) throws(UsageError) {}
///   func run(session: Session, output: CommandOutput) async throws { ... }
/// }
/// ```
public protocol HollowCommand: Sendable {
  /// The name, summary, arguments, options and examples the parser and the help text read.
  static var configuration: CommandConfiguration { get }

  /// Checks the parsed arguments and keeps them typed; a bad one is a ``UsageError``.
  init(parsing arguments: ParsedArguments) throws(UsageError)

  /// Runs the command, opening what it needs (the cache folder, a backend) from `context`.
  func run(in context: CommandContext) async throws(CLIFailure)
}

extension HollowCommand {
  /// The parser's row for this command.
  public static var spec: CommandSpec {
    CommandSpec(configuration) { arguments throws(UsageError) in try Self(parsing: arguments) }
  }
}
