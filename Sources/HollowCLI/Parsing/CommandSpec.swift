/// What the parser holds for one command: its ``CommandConfiguration`` and how to make the
/// command from the parsed arguments (``HollowCommand/spec`` builds it from a command type). A
/// command with ``subcommands`` (`cache`) is a group: the parser descends into the subcommand
/// named next.
///
/// ```swift
/// let commands = [PostCommand.spec, CommandSpec("cache", summary: "the cache", subcommands: [CacheStatsCommand.spec])]
/// ```
public struct CommandSpec: Sendable {
  public typealias Builder = @Sendable (ParsedArguments) throws(UsageError) -> any HollowCommand

  public var name: String
  public var summary: String
  public var positionals: [PositionalSpec]
  public var options: [OptionSpec]
  public var subcommands: [CommandSpec]
  /// Example command lines for the help text (without the program name).
  public var examples: [String]
  /// `nil` for a group that only holds subcommands.
  public var build: Builder?
  /// Whether the command opens the full-screen reader on a terminal (its help says so).
  public var opensReader = false

  public init(
    _ name: String, summary: String, positionals: [PositionalSpec] = [], options: [OptionSpec] = [],
    subcommands: [CommandSpec] = [], examples: [String] = [], build: Builder? = nil
  ) {
    self.name = name
    self.summary = summary
    self.positionals = positionals
    self.options = options
    self.subcommands = subcommands
    self.examples = examples
    self.build = build
  }

  /// The row of a command type's configuration.
  public init(_ configuration: CommandConfiguration, build: @escaping Builder) {
    self.init(
      configuration.name, summary: configuration.summary, positionals: configuration.positionals,
      options: configuration.options, examples: configuration.examples, build: build)
    opensReader = configuration.opensReader
  }

  func option(named name: String) -> OptionSpec? {
    options.first { $0.name == name }
  }

  func option(short: Character) -> OptionSpec? {
    options.first { $0.short == short }
  }
}
