/// What the parser and the help text know of a command: its name, one-line summary, positional
/// arguments, options and example command lines.
///
/// ```swift
/// static let configuration = CommandConfiguration(
///   "post", summary: "show a post", positionals: [CommandArguments.pid], examples: ["post 40319"])
/// ```
public struct CommandConfiguration: Sendable {
  public var name: String
  public var summary: String
  public var positionals: [PositionalSpec]
  public var options: [OptionSpec]
  /// Example command lines for the help text (without the program name).
  public var examples: [String]
  /// Whether the command opens the full-screen reader on a terminal (its help says so).
  public var opensReader: Bool

  public init(
    _ name: String, summary: String, positionals: [PositionalSpec] = [], options: [OptionSpec] = [],
    examples: [String] = [], opensReader: Bool = false
  ) {
    self.opensReader = opensReader
    self.name = name
    self.summary = summary
    self.positionals = positionals
    self.options = options
    self.examples = examples
  }
}
