/// One row of the command table: a command's name, help, arguments, options, and how to turn the
/// parsed arguments into a ``Command``. A command with ``subcommands`` (such as a future
/// `cache clear`) is a group: the parser descends into the subcommand named next.
///
/// ```swift
/// CommandSpec("post", summary: "show a post", positionals: [PositionalSpec("PID", help: "the post")]) { arguments in
///   .post(pid: try arguments.positionalInteger("PID", in: 1...Int.max) ?? 0)
/// }
/// ```
public struct CommandSpec: Sendable {
  public typealias Builder = @Sendable (ParsedArguments) throws(UsageError) -> Command

  public var name: String
  public var summary: String
  public var positionals: [PositionalSpec]
  public var options: [OptionSpec]
  public var subcommands: [CommandSpec]
  /// Example command lines for the help text (without the program name).
  public var examples: [String]
  /// `nil` for a group that only holds subcommands.
  public var build: Builder?

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

  func option(named name: String) -> OptionSpec? {
    options.first { $0.name == name }
  }

  func option(short: Character) -> OptionSpec? {
    options.first { $0.short == short }
  }
}
