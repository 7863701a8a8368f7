/// A command that works on the cache folder alone (`cache stats|verify|clear`, `export`,
/// `import`): ``run(in:)`` opens the folder, runs ``run(local:output:commandName:)`` and closes
/// it (recording the run), whatever happened. No server is started or asked.
///
/// ```swift
/// struct CacheStatsCommand: CacheFolderCommand {
///   func run(local: LocalCache, output: CommandOutput, commandName: String) async throws(CLIFailure) { ... }
/// }
/// ```
protocol CacheFolderCommand: HollowCommand {
  func run(local: LocalCache, output: CommandOutput, commandName: String) async throws(CLIFailure)
}

extension CacheFolderCommand {
  func run(in context: CommandContext) async throws(CLIFailure) {
    let (options, commandName) = (context.options, context.commandName)
    if options.noCache {
      throw .usage(UsageError("\(commandName) works on the cache folder; drop --no-cache", command: commandName))
    }
    let local = try LocalCache.open(options, environment: context.environment.variables)
    try await local.closing { () async throws(CLIFailure) in
      try await run(local: local, output: context.output, commandName: commandName)
    }
  }
}
