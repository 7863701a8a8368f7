/// What a command runs with: the checked global options and the output (``CommandOutput``
/// holds both, with the console and the environment), the command's name as typed, and
/// whether `--server` was given on the command line.
///
/// Made by ``HollowCommandLine`` for the one command it runs; its parts are internal to
/// hollow-cli.
///
/// ```swift
/// func run(in context: CommandContext) async throws(CLIFailure) {
///   context.output.print(["hello from \(context.commandName)"])
/// }
/// ```
public struct CommandContext: Sendable {
  let output: CommandOutput
  /// The command path as typed: `timeline`, `cache stats`.
  let commandName: String
  /// `--server` was on the command line (not only in `HOLLOW_SERVER`).
  let serverFlagGiven: Bool

  var options: GlobalOptions { output.options }
  var environment: CLIEnvironment { output.environment }
}
