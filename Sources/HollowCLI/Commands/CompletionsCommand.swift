/// `completions SHELL`: the completion script for bash, zsh or fish, generated from the command
/// table (``CompletionScript``).
struct CompletionsCommand: HollowCommand, Equatable {
  static let configuration = CommandConfiguration(
    "completions", summary: "print the shell completion script for bash, zsh or fish",
    positionals: [
      PositionalSpec(
        "SHELL", choices: CompletionScript.Shell.allCases.map(\.rawValue), help: "bash, zsh or fish")
    ],
    examples: ["completions bash", "completions zsh", "completions fish"])

  var shell: CompletionScript.Shell

  init(shell: CompletionScript.Shell) {
    self.shell = shell
  }

  init(parsing arguments: ParsedArguments) throws(UsageError) {
    let name = try arguments.required("SHELL")
    guard let shell = CompletionScript.Shell(rawValue: name) else {
      throw UsageError("SHELL must be bash, zsh or fish, not '\(name)'", command: arguments.command)
    }
    self.shell = shell
  }

  func run(in context: CommandContext) async throws(CLIFailure) {
    let script = CompletionScript.script(
      for: shell, commands: CommandTable.commands, globalOptions: CommandTable.globalOptions)
    context.output.console.write(TerminalText(lines: script))
  }
}
