/// `man`: the manual page in roff on stdout (``ManPage``), for `man -l -` or a man folder.
struct ManCommand: HollowCommand, ArgumentlessCommand, Equatable {
  static let configuration = CommandConfiguration(
    "man", summary: "print the manual page (roff, man(7))",
    examples: ["man"])

  func run(in context: CommandContext) async throws(CLIFailure) {
    let page = ManPage.roff(commands: CommandTable.commands, globalOptions: CommandTable.globalOptions)
    context.output.console.write(TerminalText(lines: page))
  }
}
