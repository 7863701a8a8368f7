import Synchronization

/// A command's option declared once, typed, as a property: `@Option` and `@Flag`, in the shape of
/// swift-argument-parser's. The declaration holds the option's row (name, value placeholder, help)
/// and how its text becomes the property's type; the command's help, completions, man page and
/// parsing all read that one declaration (``DeclaredCommand`` finds them with `Mirror`), so an
/// option's name is written once and a misspelt property does not compile.
///
/// ```swift
/// struct TimelineCommand: DeclaredCommand {
///   @Option("page", value: "N", in: 1...150, help: "the first page") var page = 1
///   @Flag("as-ready", help: "print each post as soon as it is ready") var asReady = false
/// }
/// ```
protocol OptionDeclaration: Sendable {
  var spec: OptionSpec { get }
  /// Takes the option's value from `arguments`, when given (into the storage this copy shares
  /// with the command being parsed).
  func load(from arguments: ParsedArguments) throws(UsageError)
}

/// An option's value, shared between the command and the copy `Mirror` hands the parser, until
/// the command sets it (a set makes a new storage, so copies of a command keep their own values).
final class OptionStorage<Value: Sendable>: Sendable {
  let value: Mutex<Value>

  init(_ value: Value) {
    self.value = Mutex(value)
  }
}

/// An option that takes a value: `--page 2`, `--page=2`; repeatable ones collect every value.
@propertyWrapper
struct Option<Value: Sendable & Equatable>: OptionDeclaration, Equatable {
  let spec: OptionSpec
  /// The values given (in order) to the property's value; `nil` keeps the default.
  private let convert: @Sendable ([String], ParsedArguments) throws(UsageError) -> Value?
  private var storage: OptionStorage<Value>

  var wrappedValue: Value {
    get { storage.value.withLock { $0 } }
    set { storage = OptionStorage(newValue) }
  }

  /// An option whose last value is converted by `transform`.
  init(
    wrappedValue: Value, _ name: String, value valueName: String, choices: [String] = [], secret: Bool = false,
    help: String, transform: @escaping @Sendable (String, ParsedArguments) throws(UsageError) -> Value
  ) {
    spec = OptionSpec(name, value: valueName, choices: choices, secret: secret, help: help)
    storage = OptionStorage(wrappedValue)
    convert = { values, arguments throws(UsageError) in
      guard let last = values.last else { return nil }
      return try transform(last, arguments)
    }
  }

  private init(
    wrappedValue: Value, spec: OptionSpec,
    convert: @escaping @Sendable ([String], ParsedArguments) throws(UsageError) -> Value?
  ) {
    self.spec = spec
    storage = OptionStorage(wrappedValue)
    self.convert = convert
  }

  func load(from arguments: ParsedArguments) throws(UsageError) {
    let values = arguments.values(spec.name)
    guard !values.isEmpty, let value = try convert(values, arguments) else { return }
    storage.value.withLock { $0 = value }
  }

  static func == (left: Option, right: Option) -> Bool {
    left.spec == right.spec && left.wrappedValue == right.wrappedValue
  }
}

extension Option where Value == Int {
  /// A whole number in `range`: `--page 0` is "--page must be 1...150, not 0".
  init(wrappedValue: Value, _ name: String, value valueName: String, in range: ClosedRange<Int>, help: String) {
    self.init(wrappedValue: wrappedValue, name, value: valueName, help: help) { text, arguments throws(UsageError) in
      try arguments.parseInteger(text, what: "--\(name)", in: range)
    }
  }
}

extension Option where Value == String? {
  /// A text as given; `nonEmpty` refuses `''` with "--NAME needs EXPLANATION, not ''".
  init(wrappedValue: Value = nil, _ name: String, value valueName: String, nonEmpty: String? = nil, help: String) {
    self.init(wrappedValue: wrappedValue, name, value: valueName, help: help) { text, arguments throws(UsageError) in
      if let nonEmpty, text.isEmpty {
        throw UsageError("--\(name) needs \(nonEmpty), not ''", command: arguments.command)
      }
      return text
    }
  }
}

extension Option where Value == [String] {
  /// Every value of a repeatable option, in order.
  init(wrappedValue: Value = [], _ name: String, value valueName: String, repeating: Void, help: String) {
    self.init(
      wrappedValue: wrappedValue, spec: OptionSpec(name, value: valueName, repeatable: true, help: help),
      convert: { values, _ in values })
  }
}

/// An option without a value: `--as-ready`.
@propertyWrapper
struct Flag: OptionDeclaration, Equatable {
  let spec: OptionSpec
  private var storage: OptionStorage<Bool>

  var wrappedValue: Bool {
    get { storage.value.withLock { $0 } }
    set { storage = OptionStorage(newValue) }
  }

  init(wrappedValue: Bool = false, _ name: String, help: String) {
    spec = OptionSpec(name, help: help)
    storage = OptionStorage(wrappedValue)
  }

  init(wrappedValue: Bool = false, _ spec: OptionSpec) {
    self.spec = spec
    storage = OptionStorage(wrappedValue)
  }

  func load(from arguments: ParsedArguments) throws(UsageError) {
    if arguments.flag(spec.name) { storage.value.withLock { $0 = true } }
  }

  static func == (left: Flag, right: Flag) -> Bool {
    left.spec == right.spec && left.wrappedValue == right.wrappedValue
  }
}

/// A command whose options are ``Option`` and ``Flag`` properties: its parser row lists them (in
/// declaration order, after any ``CommandConfiguration/options``), and ``init(declaredFrom:)``
/// fills them from the parse.
protocol DeclaredCommand: HollowCommand {
  /// Every property at its default: what the declarations are read from.
  init()
}

extension DeclaredCommand {
  /// The command's declared options, in declaration order.
  static var declaredOptions: [OptionSpec] {
    Mirror(reflecting: Self()).children.compactMap { ($0.value as? any OptionDeclaration)?.spec }
  }

  /// The command with every declared option taken from `arguments` (positionals are the command's to read).
  init(declaredFrom arguments: ParsedArguments) throws(UsageError) {
    self.init()
    for child in Mirror(reflecting: self).children {
      try (child.value as? any OptionDeclaration)?.load(from: arguments)
    }
  }

  /// The parser's row: the configuration with the declared options.
  static var spec: CommandSpec {
    var configuration = configuration
    configuration.options += declaredOptions
    return CommandSpec(configuration) { arguments throws(UsageError) in try Self(parsing: arguments) }
  }
}
