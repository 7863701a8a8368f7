/// One row of an option table: `--name` (and maybe `-x`), whether it takes a value, whether it
/// may repeat, and its help line.
///
/// ```swift
/// OptionSpec("page", value: "N", help: "the page to show (default 1)")
/// OptionSpec("help", short: "h", help: "show this help")
/// ```
public struct OptionSpec: Sendable, Equatable {
  /// The long name without dashes.
  public var name: String
  public var short: Character?
  /// The value's placeholder in help ("N", "URL"), or `nil` for a flag.
  public var valueName: String?
  /// Whether the option may be given more than once (all values are kept).
  public var repeatable: Bool
  public var help: String
  /// The values it takes, when they are a fixed list (completions offer them).
  public var choices: [String]
  /// Its value is a secret (a token): blotted out of every message, even of a command line that
  /// does not parse.
  public var secret: Bool
  /// The config file's key for it (`image_base`), when the file may set it.
  public var configKey: String?

  public init(
    _ name: String, short: Character? = nil, value valueName: String? = nil, repeatable: Bool = false,
    choices: [String] = [], secret: Bool = false, configKey: String? = nil, help: String
  ) {
    self.choices = choices
    self.secret = secret
    self.configKey = configKey
    self.name = name
    self.short = short
    self.valueName = valueName
    self.repeatable = repeatable
    self.help = help
  }

  public var takesValue: Bool { valueName != nil }

  /// What a shell completes for its value.
  var completion: ValueCompletion { ValueCompletion(valueName: valueName, choices: choices) }

  /// "--page N", "-h, --help".
  public var synopsis: String {
    let long = "--\(name)" + (valueName.map { " \($0)" } ?? "")
    return short.map { "-\($0), \(long)" } ?? long
  }
}

/// A positional argument of a command.
public struct PositionalSpec: Sendable, Equatable {
  public enum Arity: Sendable, Equatable {
    case required
    case optional
    /// One or more: takes every remaining positional argument.
    case variadic
    /// Zero or more: takes every remaining positional argument, if any.
    case optionalVariadic
  }

  public var name: String
  public var arity: Arity
  public var help: String
  /// The values it takes, when they are a fixed list (completions offer them).
  public var choices: [String]

  public init(_ name: String, _ arity: Arity = .required, choices: [String] = [], help: String) {
    self.choices = choices
    self.name = name
    self.arity = arity
    self.help = help
  }

  /// "PID", "[CID]", "KEYWORDS...", "[TEXT...]".
  public var synopsis: String {
    switch arity {
    case .required: name
    case .optional: "[\(name)]"
    case .variadic: "\(name)..."
    case .optionalVariadic: "[\(name)...]"
    }
  }
}

/// What a shell offers for a value: files, folders, a fixed list, or nothing (a number, a URL).
enum ValueCompletion: Sendable, Equatable {
  case none
  case files
  case directories
  case words([String])

  /// From the placeholder and the choices of a declaration: `FILE` completes files, `DIR` folders.
  init(valueName: String?, choices: [String]) {
    if !choices.isEmpty {
      self = .words(choices)
    } else {
      switch valueName {
      case "FILE": self = .files
      case "DIR": self = .directories
      default: self = .none
      }
    }
  }
}

extension PositionalSpec {
  /// What a shell completes for it.
  var completion: ValueCompletion { ValueCompletion(valueName: name, choices: choices) }
}
