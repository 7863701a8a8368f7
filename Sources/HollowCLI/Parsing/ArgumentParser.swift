/// A small table-driven command-line parser: global options anywhere, then a command (and
/// subcommands), its positional arguments and options.
///
/// Options may come before or after positionals, as `--name value` or `--name=value`; `--` ends
/// the options (so a text may start with `-`); a negative number is a positional, not an option.
/// A command's own option wins over a global one of the same name (`serve --token` is the server's
/// token). `--help` anywhere asks for help on the command given so far, before anything else is
/// checked, so `hollow-cli post --help` works without a PID.
///
/// ```swift
/// let parser = ArgumentParser(commands: CommandTable.commands, globalOptions: CommandTable.globalOptions)
/// let invocation = try parser.parse(["--json", "timeline", "--page", "2"])
/// ```
public struct ArgumentParser: Sendable {
  public var commands: [CommandSpec]
  public var globalOptions: [OptionSpec]

  public init(commands: [CommandSpec], globalOptions: [OptionSpec]) {
    self.commands = commands
    self.globalOptions = globalOptions
  }

  /// The parse of a command line.
  public struct Result: Sendable {
    /// The global options (``ParsedArguments/command`` is empty).
    public var global: ParsedArguments
    /// The command path, e.g. ["search"] or ["cache", "clear"]; empty when none was given.
    public var path: [String]
    /// The command's spec, `nil` when none was given.
    public var spec: CommandSpec?
    /// The command's own arguments.
    public var arguments: ParsedArguments
  }

  private struct State {
    var global = ParsedArguments(command: "")
    var path: [String] = []
    var spec: CommandSpec?
    var arguments = ParsedArguments(command: "")
    var positionals: [String] = []
    var commandName: String? { path.isEmpty ? nil : path.joined(separator: " ") }
  }

  /// Splits `arguments` (without the program name) into global options, command and its arguments.
  /// Checks positional counts unless help was asked for.
  public func parse(_ arguments: [String]) throws(UsageError) -> Result {
    var state = State()
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if !optionsEnded, argument == "--" {
        optionsEnded = true
      } else if !optionsEnded, Self.looksLikeOption(argument) {
        try readOption(argument, from: arguments, at: &index, into: &state)
      } else {
        try readPositional(argument, into: &state)
      }
    }
    if !state.global.flag(GlobalOption.help), let spec = state.spec {
      try assignPositionals(state.positionals, of: spec, into: &state.arguments)
    }
    return Result(global: state.global, path: state.path, spec: state.spec, arguments: state.arguments)
  }

  static func looksLikeOption(_ argument: String) -> Bool {
    guard argument.hasPrefix("-"), argument.count > 1 else { return false }
    return Double(argument) == nil
  }

  private func readOption(_ argument: String, from arguments: [String], at index: inout Int, into state: inout State)
    throws(UsageError)
  {
    let command = state.commandName
    var inlineValue: String?
    let spec: OptionSpec?
    if argument.hasPrefix("--") {
      var name = String(argument.dropFirst(2))
      if let equals = name.firstIndex(of: "=") {
        inlineValue = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      spec = state.spec?.option(named: name) ?? globalOptions.first { $0.name == name }
    } else if argument.count == 2, let short = argument.last {
      spec = state.spec?.option(short: short) ?? globalOptions.first { $0.short == short }
    } else {
      spec = nil
    }
    guard let spec else { throw UsageError("unknown option '\(argument)'", command: command) }
    let isCommandOption = state.spec?.option(named: spec.name) == spec
    let value: String
    if let valueName = spec.valueName {
      if let inlineValue {
        value = inlineValue
      } else if index < arguments.count {
        value = arguments[index]
        index += 1
      } else {
        throw UsageError("--\(spec.name) needs a value (\(valueName))", command: command)
      }
    } else {
      guard inlineValue == nil else { throw UsageError("--\(spec.name) takes no value", command: command) }
      value = ""
    }
    var target = isCommandOption ? state.arguments : state.global
    if !spec.repeatable, target.options[spec.name] != nil, spec.takesValue {
      throw UsageError("--\(spec.name) is given more than once", command: command)
    }
    target.options[spec.name, default: []].append(value)
    if isCommandOption { state.arguments = target } else { state.global = target }
  }

  private func readPositional(_ argument: String, into state: inout State) throws(UsageError) {
    guard let spec = state.spec else {
      guard let command = commands.first(where: { $0.name == argument }) else {
        throw UsageError("unknown command '\(argument)'")
      }
      enter(command, into: &state)
      return
    }
    if state.positionals.isEmpty, let subcommand = spec.subcommands.first(where: { $0.name == argument }) {
      enter(subcommand, into: &state)
      return
    }
    if !spec.subcommands.isEmpty, spec.build == nil, state.positionals.isEmpty {
      throw UsageError("unknown subcommand '\(argument)'", command: state.commandName)
    }
    state.positionals.append(argument)
  }

  private func enter(_ command: CommandSpec, into state: inout State) {
    state.spec = command
    state.path.append(command.name)
    let options = state.arguments.options
    state.arguments = ParsedArguments(command: state.path.joined(separator: " "))
    state.arguments.options = options
  }

  /// An unquoted `#40354` is a shell comment, so the shell drops it and the PID is "missing".
  private static func missingHint(_ positional: PositionalSpec) -> String {
    positional.name == "PID" ? " (quote a # in the shell, '#40354', or leave it out: 40354)" : ""
  }

  private func assignPositionals(_ values: [String], of spec: CommandSpec, into arguments: inout ParsedArguments)
    throws(UsageError)
  {
    if spec.build == nil {
      throw UsageError(
        "missing subcommand (one of: \(spec.subcommands.map(\.name).joined(separator: ", ")))",
        command: arguments.command)
    }
    var remaining = values[...]
    for positional in spec.positionals {
      switch positional.arity {
      case .required:
        guard let value = remaining.popFirst() else {
          throw UsageError("missing \(positional.name)\(Self.missingHint(positional))", command: arguments.command)
        }
        arguments.positionals[positional.name] = [value]
      case .optional:
        if let value = remaining.popFirst() { arguments.positionals[positional.name] = [value] }
      case .variadic:
        guard !remaining.isEmpty else { throw UsageError("missing \(positional.name)", command: arguments.command) }
        arguments.positionals[positional.name] = Array(remaining)
        remaining = []
      case .optionalVariadic:
        if !remaining.isEmpty { arguments.positionals[positional.name] = Array(remaining) }
        remaining = []
      }
    }
    if let extra = remaining.first {
      throw UsageError("unexpected argument '\(extra)'", command: arguments.command)
    }
  }
}
