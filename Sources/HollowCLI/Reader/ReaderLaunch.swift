import HollowCache
import HollowKit

/// Whether a command line opens the full-screen reader, and running it: the one place the
/// command dispatch hands over to the reader.
///
/// The reader opens when stdin and stdout are both terminals (``CLIEnvironment/opensReader``)
/// for no command, `timeline`, `wander`, `attentions` and `search WORDS`, unless `--plain` or
/// `--json` asks for the printed output (which stays exactly what it was).
///
/// The reader starts where the command line asks: `timeline --page 3` and `attentions --page 2`
/// open the feed at that page (scrolling loads the pages after it, `r` starts over from it);
/// `search WORDS --comments --page 2` searches comments too and shows the results from page 2.
/// Flags that only shape printed output are refused with a sentence rather than ignored:
/// `--pages` (the reader loads pages as you scroll) and `--as-ready` (it shows each post as it
/// loads).
///
/// ```swift
/// if let launch = try ReaderLaunch.decide(parsed, environment: environment) {
///   return try await launch.run(environment: environment)
/// }
/// ```
struct ReaderLaunch: Sendable, Equatable {
  let start: ReaderStart
  var options: GlobalOptions

  /// The launch `parsed` asks for, or nil for print mode. Throws the usage errors the command
  /// and the global options would throw in print mode.
  static func decide(
    _ parsed: ArgumentParser.Result, environment: CLIEnvironment, config: UserConfiguration = UserConfiguration()
  ) throws -> ReaderLaunch? {
    guard environment.opensReader, !parsed.global.flag(GlobalOption.plain), !parsed.global.flag(GlobalOption.json),
      !parsed.global.flag(GlobalOption.help), !parsed.global.flag(GlobalOption.version)
    else { return nil }
    var start: ReaderStart
    if let spec = parsed.spec {
      guard let build = spec.build else { return nil }
      switch try build(parsed.arguments) {
      case let timeline as TimelineCommand:
        try refusePrintOnlyFlags(parsed.arguments)
        start = .feed(.timeline, page: timeline.page)
      case is WanderCommand: start = .feed(.wander)
      case let attentions as AttentionsCommand: start = .feed(.followed, page: attentions.page)
      case let search as SearchCommand:
        start = .search(
          search.keywords.joined(separator: " "), includeComments: search.includeComments, page: search.page)
      default: return nil
      }
    } else {
      guard parsed.path.isEmpty else { return nil }
      start = .feed(.timeline)  // the config's default_feed, once the options are read
    }
    let command = parsed.path.joined(separator: " ")
    let options = try GlobalOptions(parsed.global, environment: environment.variables, command: command, config: config)
    if parsed.spec == nil { start = .feed(options.defaultFeed) }
    return ReaderLaunch(start: start, options: options)
  }

  /// The flags that only shape printed output, refused in the reader with what to do instead.
  static func refusePrintOnlyFlags(_ arguments: ParsedArguments) throws(UsageError) {
    if arguments.flag("pages") {
      throw UsageError(
        "--pages is for printing: the reader loads the next page as you scroll (leave it out, or add --plain)",
        command: arguments.command)
    }
    if arguments.flag("as-ready") {
      throw UsageError(
        "--as-ready is for printing: the reader shows each post as it loads (leave it out, or add --plain)",
        command: arguments.command)
    }
  }

  /// Opens the cache and the backend as a print-mode command does, runs the reader until the
  /// user quits, and answers the exit status.
  func run(environment: CLIEnvironment) async throws(CLIFailure) -> Int32 {
    let variables = environment.variables
    let local = try LocalCache.open(options, environment: variables)
    let outcome: Result<Int32, ReaderFailure>
    do {
      let backend = try Backend.connect(options, offline: options.offline, environment: environment)
      defer { backend.close() }
      let loaders = TreeHoleLoaders(client: backend.client, cache: local.cache, limitPerHost: options.connections)
      let clock = ContinuousClock()
      let drafts = DraftStore(
        folder: Backend.demoStateFolder(variables), apiRoot: Backend.configuration(options).apiRoot)
      let readState = ReadStateStore(
        folder: Backend.demoStateFolder(variables), namespace: LocalCache.namespace(options).identifier)
      var app = ReaderApp(
        services: ReaderServices(loaders: loaders, offline: options.offline), start: start, clock: clock,
        variables: variables, drafts: drafts, keys: options.keys, display: ReaderDisplay(showsPictures: options.images),
        readState: readState)
      var capabilities = TerminalCapabilities(variables: variables, colors: environment.usesColor(options.color))
      capabilities.theme = options.theme
      let loop = ReaderLoop(
        environment: environment, capabilities: capabilities, clock: clock, startup: ReaderStartup(variables: variables)
      )
      // Page 1's request goes out before the terminal is set up: the round trip is most of the
      // wait for the first frame with posts.
      app.start()
      do {
        outcome = .success(try await loop.run(&app))
      } catch {
        outcome = .failure(error)
      }
    } catch {
      await local.close()
      throw error
    }
    await local.close()
    switch outcome {
    case .success(let status): return status
    case .failure(let failure): throw .failed("reader: \(failure.description)")
    }
  }
}
