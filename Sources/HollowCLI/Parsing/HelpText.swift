/// The help texts, generated from the commands' configurations so they never disagree with the parser.
///
/// ```swift
/// print(HelpText.command(SearchCommand.spec, path: "search", globalOptions: CommandTable.globalOptions))
/// ```
public enum HelpText {
  /// The top-level help: usage, commands and global options.
  public static func overview(commands: [CommandSpec], globalOptions: [OptionSpec]) -> String {
    var lines = [
      "\(HollowCommandLine.name) \(HollowCommandLine.version): read and write a tree hole from the terminal", "",
      "usage: \(HollowCommandLine.name) [global options] <command> [arguments]",
      "On a terminal, no command opens the full-screen reader, as timeline, wander, attentions and",
      "search do (? there lists its keys); --plain or --json prints instead.", "", "commands:",
    ]
    lines += table(commands.map { ($0.name, $0.summary) })
    lines += ["", "global options:"] + table(globalOptions.map { ($0.synopsis, $0.help) })
    lines += [
      "", "Without --server, \(HollowCommandLine.name) starts an embedded demo server for the command.",
      "See '\(HollowCommandLine.name) <command> --help' for a command's arguments.",
    ]
    return lines.joined(separator: "\n")
  }

  /// A command's help: usage, summary, arguments, options, subcommands and examples.
  public static func command(_ spec: CommandSpec, path: String, globalOptions: [OptionSpec]) -> String {
    var usage = "usage: \(HollowCommandLine.name) \(path)"
    if !spec.subcommands.isEmpty { usage += " <subcommand>" }
    for positional in spec.positionals { usage += " \(positional.synopsis)" }
    for option in spec.options { usage += " [--\(option.name)\(option.valueName.map { " \($0)" } ?? "")]" }
    var lines = [usage]
    if spec.opensReader {
      lines += [
        "On a terminal this opens the full-screen reader (? lists its keys); --plain or --json prints instead."
      ]
    }
    lines += ["", spec.summary]
    if !spec.positionals.isEmpty {
      lines += ["", "arguments:"] + table(spec.positionals.map { ($0.synopsis, $0.help) })
    }
    if !spec.subcommands.isEmpty {
      lines += ["", "subcommands:"] + table(spec.subcommands.map { ($0.name, $0.summary) })
    }
    if !spec.options.isEmpty {
      lines += ["", "options:"] + table(spec.options.map { ($0.synopsis, $0.help) })
    }
    let globals = globalOptions.filter { spec.option(named: $0.name) == nil }
    lines += ["", "global options:"] + table(globals.map { ($0.synopsis, $0.help) })
    if !spec.examples.isEmpty {
      lines += ["", "examples:"] + spec.examples.map { "  \(HollowCommandLine.name) \($0)" }
    }
    return lines.joined(separator: "\n")
  }

  private static func table(_ rows: [(String, String)]) -> [String] {
    let width = rows.map { DisplayWidth.of($0.0) }.max() ?? 0
    return rows.map { left, right in
      "  " + left + String(repeating: " ", count: width - DisplayWidth.of(left)) + "   " + right
    }
  }
}
