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
    var token = environment.variables["HOLLOW_TOKEN"]
    do {
      let parsed = try parser.parse(arguments)
      token = parsed.global.value("token") ?? token
      if parsed.global.flag("help") {
        environment.stdout.write(help(for: parsed) + "\n")
        return successStatus
      }
      if parsed.global.flag("version") {
        environment.stdout.write("\(name) \(version)\n")
        return successStatus
      }
      guard let spec = parsed.spec, let build = spec.build else {
        throw CLIFailure.usage(UsageError("missing command"))
      }
      let commandName = parsed.path.joined(separator: " ")
      let options = try GlobalOptions(parsed.global, environment: environment.variables, command: commandName)
      let command = try build(parsed.arguments)
      try await run(command, named: commandName, options: options, parsed: parsed, environment: environment)
      return successStatus
    } catch let error as UsageError {
      return report(.usage(error), token: token, to: environment)
    } catch let failure as CLIFailure {
      return report(failure, token: token, to: environment)
    } catch {
      return report(.failed(String(describing: error)), token: token, to: environment)
    }
  }

  private static func run(
    _ command: Command, named commandName: String, options: GlobalOptions, parsed: ArgumentParser.Result,
    environment: CLIEnvironment
  ) async throws(CLIFailure) {
    let output = CommandOutput(environment: environment, options: options)
    switch command {
    case .serve(let serveOptions):
      if parsed.global.value("server") != nil {
        throw .usage(UsageError("serve runs its own server; --server does not apply", command: commandName))
      }
      try await ServeRunner(environment: environment, json: options.json, resetDemo: options.resetDemo).run(
        serveOptions)
    case .cache(.path):
      LocalCommandRunner.printPath(try LocalCache.directory(options, environment: environment.variables), to: output)
    case .cache, .export, .import:
      if options.noCache {
        throw .usage(UsageError("\(commandName) works on the cache folder; drop --no-cache", command: commandName))
      }
      let local = try LocalCache.open(
        options, environment: environment.variables, namespace: namespace(options))
      try await closing(local) { () async throws(CLIFailure) in
        try await LocalCommandRunner(local: local, output: output, commandName: commandName).run(command)
      }
    default:
      if options.offline, !command.readsFeedsOrPosts {
        throw .usage(UsageError("--offline: \(commandName) needs the server", command: commandName))
      }
      let local = try LocalCache.open(options, environment: environment.variables, namespace: namespace(options))
      try await closing(local) { () async throws(CLIFailure) in
        let backend = try Backend.connect(options, offline: options.offline, environment: environment)
        defer { backend.close() }
        let session = Session(
          backend: backend, local: local, offline: options.offline, commandName: commandName,
          connections: options.connections)
        try await CommandRunner(session: session, output: output).run(command)
      }
    }
  }

  /// Runs `body`, then closes `local` (recording this run in the cache) whether or not it failed.
  private static func closing(_ local: LocalCache, _ body: () async throws(CLIFailure) -> Void) async throws(CLIFailure)
  {
    let failure: CLIFailure?
    do {
      try await body()
      failure = nil
    } catch {
      failure = error
    }
    await local.close()
    if let failure { throw failure }
  }

  /// The cache namespace of the server and token `options` name.
  static func namespace(_ options: GlobalOptions) -> CacheNamespace {
    TreeHoleLoaders.namespace(
      for: TreeHoleClient(configuration: Backend.configuration(options), http: UnreachableHTTPClient()))
  }

  private static func help(for parsed: ArgumentParser.Result) -> String {
    guard let spec = parsed.spec else {
      return HelpText.overview(commands: parser.commands, globalOptions: parser.globalOptions)
    }
    return HelpText.command(spec, path: parsed.path.joined(separator: " "), globalOptions: parser.globalOptions)
  }

  private static func report(_ failure: CLIFailure, token: String?, to environment: CLIEnvironment) -> Int32 {
    environment.stderr.write(failure.message(redacting: token) + "\n")
    return failure.exitStatus
  }
}
