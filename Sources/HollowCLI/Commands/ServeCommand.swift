import HollowServer

/// `serve`: runs the demo tree-hole server until Ctrl-C.
struct ServeCommand: HollowCommand, Equatable {
  static let configuration = CommandConfiguration(
    "serve", summary: "run the demo tree-hole server until Ctrl-C",
    options: [
      OptionSpec("port", value: "P", help: "the port, 0 for any free one (default \(ServeOptions.defaultPort))"),
      OptionSpec("seed", value: "S", help: "seeds the generated posts (default 1)"),
      OptionSpec("latency", value: "MS|MIN-MAX", help: "delay every answer by MS, or by MIN to MAX milliseconds"),
      OptionSpec("fail-rate", value: "R", help: "fail this fraction of requests, 0...1 (default 0)"),
      OptionSpec(
        "token", value: "T", secret: true,
        help: "require this TOKEN header (without it, every request is the demo user)"),
      OptionSpec("anonymous", help: "with --token: no or a wrong token reads anonymously instead of answering -100"),
      OptionSpec(
        "no-rate-limits", help: "turn off the real backend's rate limits (search 1 per 2 s, post 1 per 6 s...)"),
      OptionSpec("timestamp-offsets", help: "subtract the real backend's per-post 0-3 s offset from timestamps"),
    ],
    examples: [
      "serve --port 8080", "serve --latency 20-200 --fail-rate 0.1", "serve --token secret --anonymous",
      "serve --no-rate-limits",
    ])

  var options = ServeOptions()

  init(_ options: ServeOptions = ServeOptions()) {
    self.options = options
  }

  init(parsing arguments: ParsedArguments) throws(UsageError) {
    if let port = try arguments.integer("port", in: 0...Int(UInt16.max)) { options.port = UInt16(port) }
    if let seed = arguments.value("seed") {
      guard let value = UInt64(seed) else {
        throw UsageError("--seed must be a whole number ≥ 0, not '\(seed)'", command: arguments.command)
      }
      options.seed = value
    }
    if let latency = arguments.value("latency") { options.latency = try Self.latency(latency, arguments) }
    if let rate = arguments.value("fail-rate") {
      options.failRate = try arguments.parseDouble(rate, what: "--fail-rate", in: 0...1)
    }
    options.token = arguments.value("token")
    options.allowsAnonymous = arguments.flag("anonymous")
    options.rateLimits = !arguments.flag("no-rate-limits")
    options.timestampOffsets = arguments.flag("timestamp-offsets")
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
