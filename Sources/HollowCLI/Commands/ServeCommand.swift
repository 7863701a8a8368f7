import HollowServer

/// `serve`: runs the demo tree-hole server until Ctrl-C.
struct ServeCommand: DeclaredCommand, Equatable {
  static let configuration = CommandConfiguration(
    "serve", summary: "run the demo tree-hole server until Ctrl-C",
    examples: [
      "serve --port 8080", "serve --latency 20-200 --fail-rate 0.1", "serve --token secret --anonymous",
      "serve --no-rate-limits",
    ])

  @Option(
    "port", value: "P", help: "the port, 0 for any free one (default \(ServeOptions.defaultPort))",
    transform: { text, arguments throws(UsageError) in
      UInt16(try arguments.parseInteger(text, what: "--port", in: 0...Int(UInt16.max)))
    })
  var port = ServeOptions.defaultPort
  @Option(
    "seed", value: "S", help: "seeds the generated posts (default 1)",
    transform: { text, arguments throws(UsageError) in
      guard let value = UInt64(text) else {
        throw UsageError("--seed must be a whole number ≥ 0, not '\(text)'", command: arguments.command)
      }
      return value
    })
  var seed: UInt64 = 1
  @Option(
    "latency", value: "MS|MIN-MAX", help: "delay every answer by MS, or by MIN to MAX milliseconds",
    transform: { text, arguments throws(UsageError) in try ServeCommand.latency(text, arguments) })
  var latency = Latency.none
  @Option(
    "fail-rate", value: "R", help: "fail this fraction of requests, 0...1 (default 0)",
    transform: { text, arguments throws(UsageError) in try arguments.parseDouble(text, what: "--fail-rate", in: 0...1) }
  )
  var failRate = 0.0
  @Option(
    "token", value: "T", secret: true, help: "require this TOKEN header (without it, every request is the demo user)",
    transform: { text, _ in text })
  var token: String? = nil
  @Flag("anonymous", help: "with --token: no or a wrong token reads anonymously instead of answering -100")
  var anonymous = false
  @Flag("no-rate-limits", help: "turn off the real backend's rate limits (search 1 per 2 s, post 1 per 6 s...)")
  var noRateLimits = false
  @Flag("timestamp-offsets", help: "subtract the real backend's per-post 0-3 s offset from timestamps")
  var timestampOffsets = false

  /// What the server is started with.
  var options: ServeOptions {
    ServeOptions(
      port: port, seed: seed, latency: latency, failRate: failRate, token: token, allowsAnonymous: anonymous,
      rateLimits: !noRateLimits, timestampOffsets: timestampOffsets)
  }

  init() {}

  init(_ options: ServeOptions) {
    // Set on a local and assigned whole, as SendCommand does: a wrapped property assigned inside an
    // initializer can be re-initialized without releasing its old storage.
    var command = Self()
    command.port = options.port
    command.seed = options.seed
    command.latency = options.latency
    command.failRate = options.failRate
    command.token = options.token
    command.anonymous = options.allowsAnonymous
    command.noRateLimits = !options.rateLimits
    command.timestampOffsets = options.timestampOffsets
    self = command
  }

  init(parsing arguments: ParsedArguments) throws(UsageError) {
    try self.init(declaredFrom: arguments)
  }
  func run(in context: CommandContext) async throws(CLIFailure) {
    if context.serverFlagGiven {
      throw .usage(UsageError("serve runs its own server; --server does not apply", command: context.commandName))
    }
    let global = context.options
    try await ServeRunner(environment: context.environment, json: global.json, resetDemo: global.resetDemo).run(options)
  }

  /// "50" (fixed) or "20-200" (uniform), in milliseconds; "0" is no latency.
  static func latency(_ text: String, _ arguments: ParsedArguments) throws(UsageError) -> Latency {
    let bounds = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
    let limit = 0...60_000
    switch bounds.count {
    case 1:
      let milliseconds = try arguments.parseInteger(bounds[0], what: "--latency", in: limit)
      return milliseconds == 0 ? .none : .fixed(.milliseconds(milliseconds))
    case 2:
      let low = try arguments.parseInteger(bounds[0], what: "--latency MIN", in: limit)
      let high = try arguments.parseInteger(bounds[1], what: "--latency MAX", in: limit)
      guard low <= high else {
        throw UsageError("--latency MIN must not exceed MAX, got \(text)", command: arguments.command)
      }
      return .random(.milliseconds(low)...(.milliseconds(high)))
    default:
      throw UsageError("--latency must be MS or MIN-MAX, not '\(text)'", command: arguments.command)
    }
  }
}
