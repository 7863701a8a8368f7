/// What the parser found for one command: positional values by name, option values by long name.
/// Typed accessors turn them into values or a ``UsageError`` naming the command.
///
/// ```swift
/// let page = try arguments.integer("page", in: 1...150) ?? 1
/// ```
public struct ParsedArguments: Sendable, Equatable {
  /// The command path, for error messages ("search", "cache clear").
  public var command: String
  public var positionals: [String: [String]] = [:]
  /// Option values by long name; a flag has one empty value per occurrence.
  public var options: [String: [String]] = [:]

  public init(command: String) {
    self.command = command
  }

  /// Whether `option` was given (typed access: the declaration, not its name again).
  public func flag(_ option: OptionSpec) -> Bool {
    flag(option.name)
  }

  /// The last value of `option`.
  public func value(_ option: OptionSpec) -> String? {
    value(option.name)
  }

  public func flag(_ name: String) -> Bool {
    options[name] != nil
  }

  /// The last value of option `name`.
  public func value(_ name: String) -> String? {
    options[name]?.last
  }

  public func values(_ name: String) -> [String] {
    options[name] ?? []
  }

  public func positional(_ name: String) -> String? {
    positionals[name]?.first
  }

  /// Every value of a variadic positional.
  public func variadic(_ name: String) -> [String] {
    positionals[name] ?? []
  }

  /// Option `name` as an integer in `range`, `nil` when absent.
  public func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
    guard let text = value(name) else { return nil }
    return try parseInteger(text, what: "--\(name)", in: range)
  }

  /// Positional `name` as an integer in `range`.
  public func positionalInteger(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
    guard let text = positional(name) else { return nil }
    return try parseInteger(text, what: name, in: range)
  }

  /// A required positional (the parser guarantees it is there; this keeps callers free of `!`).
  public func required(_ name: String) throws(UsageError) -> String {
    guard let value = positional(name) else { throw UsageError("missing \(name)", command: command) }
    return value
  }

  public func parseInteger(_ text: String, what: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
    guard let value = Int(text) else {
      throw UsageError("\(what) must be a number, not '\(text)'", command: command)
    }
    guard range.contains(value) else {
      let bound =
        range.upperBound == Int.max ? "at least \(range.lowerBound)" : "\(range.lowerBound)...\(range.upperBound)"
      throw UsageError("\(what) must be \(bound), not \(value)", command: command)
    }
    return value
  }

  public func parseDouble(_ text: String, what: String, in range: ClosedRange<Double>) throws(UsageError) -> Double {
    guard let value = Double(text), value.isFinite else {
      throw UsageError("\(what) must be a number, not '\(text)'", command: command)
    }
    guard range.contains(value) else {
      throw UsageError("\(what) must be \(range.lowerBound)...\(range.upperBound), not \(text)", command: command)
    }
    return value
  }
}
