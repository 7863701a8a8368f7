import HollowCache
import HollowKit

/// hollow-cli's entry point: parses a command line, runs the command against a tree-hole backend
/// (or the embedded demo server) and answers the exit status. Everything it touches comes in
/// through a ``CLIEnvironment``, so it runs the same in a process and in tests.
///
/// ```swift
/// let status = await HollowCommandLine.run(Array(CommandLine.arguments.dropFirst()), environment: .process())
/// exit(status)
/// ```
public enum HollowCommandLine {
  public static let name = "hollow-cli"
  public static let version = "0.1.0"

  /// The command succeeded.
  public static let successStatus: Int32 = 0
  /// A request (or the embedded server) failed.
  public static let failureStatus: Int32 = 1
  /// The command line was wrong.
  public static let usageStatus: Int32 = 2

  static let parser = ArgumentParser(commands: CommandTable.commands, globalOptions: CommandTable.globalOptions)

  /// Runs `arguments` (without the program name) and answers the exit status.
  public static func run(_ arguments: [String], environment: CLIEnvironment) async -> Int32 {
    // Every token the run may know is blotted out of stderr: the environment's, the command line's.
    let tokens = [environment.variables["HOLLOW_TOKEN"]] + tokensGiven(in: arguments)
    var console = Console(environment: environment, showsProgress: false, secrets: tokens)
    do {
      let parsed = try parser.parse(arguments)
      if parsed.global.flag(GlobalOption.help) {
        console.write(TerminalText(lines: help(for: parsed)) + .newline)
        return successStatus
      }
      if parsed.global.flag(GlobalOption.version) {
        console.write(TerminalText("\(name) \(version)") + .newline)
        return successStatus
      }
      let config = try UserConfiguration.load(environment.variables)
      var secrets = tokens + [config.token?.value]
      console = Console(environment: environment, showsProgress: false, secrets: secrets)
      if config.tokenReadableByOthers, let path = config.path {
        console.writeError(
          message:
            "\(name): warning: \(path) holds a token and others can read it; make it yours alone: chmod 600 \(path)\n")
      }
      if var launch = try ReaderLaunch.decide(parsed, environment: environment, config: config) {
        try await resolveToken(&launch.options, config: config, secrets: &secrets)
        console = Console(environment: environment, showsProgress: false, secrets: secrets)
        return try await launch.run(environment: environment)
      }
      guard let spec = parsed.spec, let build = spec.build else {
        throw CLIFailure.usage(UsageError("missing command"))
      }
      let commandName = parsed.path.joined(separator: " ")
      var options = try GlobalOptions(
        parsed.global, environment: environment.variables, command: commandName, config: config)
      let command = try build(parsed.arguments)
      if !(command is ConfigCommand || command is CompletionsCommand || command is ManCommand
        || command is ServeCommand)
      {
        try await resolveToken(&options, config: config, secrets: &secrets)
      }
      console = Console(
        environment: environment, showsProgress: Console.canShowProgress(in: environment) && !options.json,
        secrets: secrets)
      let context = CommandContext(
        output: CommandOutput(console: console, options: options), commandName: commandName,
        serverFlagGiven: parsed.global.value(GlobalOption.server) != nil)
      try await command.run(in: context)
      return successStatus
    } catch let error as UsageError {
      return report(.usage(error), to: console)
    } catch let failure as CLIFailure {
      return report(failure, to: console)
    } catch {
      return report(.failed(String(describing: error)), to: console)
    }
  }

  /// Runs the config file's `token_command` when no token came from the command line, the
  /// environment or the file, and adds the token to the secrets blotted out of every message.
  private static func resolveToken(_ options: inout GlobalOptions, config: UserConfiguration, secrets: inout [String?])
    async throws(CLIFailure)
  {
    guard options.token == nil, let command = config.tokenCommand else { return }
    let token = try await TokenCommand(command: command.value, path: "\(config.path ?? "config"):\(command.line)").run()
    options.token = token
    secrets.append(token)
  }

  /// The options declared ``OptionSpec/secret``, global or a command's (`serve --token`).
  static let secretOptions: Set<String> = Set(
    (parser.globalOptions + allCommandOptions(parser.commands)).filter(\.secret).map(\.name))

  private static func allCommandOptions(_ commands: [CommandSpec]) -> [OptionSpec] {
    commands.flatMap { $0.options + allCommandOptions($0.subcommands) }
  }

  /// The values of every secret option on the command line (`--token`, `serve --token`), parsed
  /// or not: a command line that does not parse still has them blotted out.
  static func tokensGiven(in arguments: [String]) -> [String] {
    var tokens: [String] = []
    for (index, argument) in arguments.enumerated() where argument.hasPrefix("--") {
      let name = argument.dropFirst(2).prefix { $0 != "=" }
      guard secretOptions.contains(String(name)) else { continue }
      if argument.count > name.count + 2 {
        tokens.append(String(argument.dropFirst(name.count + 3)))
      } else if index + 1 < arguments.count {
        tokens.append(arguments[index + 1])
      }
    }
    return tokens
  }

  private static func help(for parsed: ArgumentParser.Result) -> String {
    guard let spec = parsed.spec else {
      return HelpText.overview(commands: parser.commands, globalOptions: parser.globalOptions)
    }
    return HelpText.command(spec, path: parsed.path.joined(separator: " "), globalOptions: parser.globalOptions)
  }

  /// Writes the failure to stderr: the tokens are blotted out of the raw message, which is then
  /// sanitized and redacted again (``Console/writeError(message:)``).
  private static func report(_ failure: CLIFailure, to console: Console) -> Int32 {
    console.writeError(message: failure.message(redacting: nil) + "\n")
    return failure.exitStatus
  }
}
