import HollowKit

/// A command that talks to a tree-hole backend: ``run(in:)`` opens the cache folder and the
/// backend (the embedded demo server unless `--server` names one), runs ``run(session:output:)``
/// and closes both, whatever happened. A ``HollowError`` becomes ``CLIFailure/request(_:command:)``.
///
/// ```swift
/// struct MessagesCommand: BackendCommand {
///   func run(session: Session, output: CommandOutput) async throws {
///     output.print(MessageRenderer(context: output.context()).lines(try await session.client.perform(...)))
///   }
/// }
/// ```
protocol BackendCommand: HollowCommand {
  /// Whether the command only reads feeds or posts, so `--offline` can answer it from the cache.
  static var readsFeedsOrPosts: Bool { get }
  /// Whether the command loads a feed (``FeedRunner``): its pages, then their images and cited posts, over
  /// as many connections as the budget allows, which open while the cache does.
  static var loadsFeeds: Bool { get }

  func run(session: Session, output: CommandOutput) async throws
}

extension BackendCommand {
  static var readsFeedsOrPosts: Bool { false }
  static var loadsFeeds: Bool { false }

  func run(in context: CommandContext) async throws(CLIFailure) {
    let (options, environment, commandName) = (context.options, context.environment, context.commandName)
    if options.offline, !Self.readsFeedsOrPosts {
      throw .usage(UsageError("--offline: \(commandName) needs the server", command: commandName))
    }
    let backend = try Backend.connect(options, offline: options.offline, environment: environment)
    defer { backend.close() }
    // A feed's connections (TCP and TLS) are on their way while the cache opens (it reads every entry's
    // header: milliseconds), not after; the feed's loader would ask for them at its first page anyway.
    if Self.loadsFeeds, !options.offline { backend.client.connectEarly(connections: options.connections) }
    let local = try LocalCache.open(options, environment: environment.variables)
    try await local.closing { () async throws(CLIFailure) in
      let session = Session(
        backend: backend, local: local, offline: options.offline, commandName: commandName,
        connections: options.connections)
      try await perform(session: session, output: context.output)
    }
  }

  private func perform(session: Session, output: CommandOutput) async throws(CLIFailure) {
    defer { output.progress.clear() }
    do {
      try await run(session: session, output: output)
    } catch let error as HollowError {
      throw .request(error, command: session.commandName)
    } catch let error as CLIFailure {
      throw error
    } catch {
      throw .failed(String(describing: error))
    }
  }
}
