/// A bad command line: a one-line message and the command whose help explains the fix.
///
/// ```swift
/// throw UsageError("--page needs a number, not 'x'", command: "timeline")
/// // hollow-cli: --page needs a number, not 'x'
/// // see 'hollow-cli timeline --help'
/// ```
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
  public var message: String
  /// The command path ("search", "cache clear"), or `nil` for the top level.
  public var command: String?

  public init(_ message: String, command: String? = nil) {
    self.message = message
    self.command = command
  }

  /// "see 'hollow-cli <command> --help'".
  public var hint: String {
    "see '\(HollowCommandLine.name)\(command.map { " \($0)" } ?? "") --help'"
  }

  public var description: String {
    "\(HollowCommandLine.name): \(message)\n\(hint)"
  }
}
