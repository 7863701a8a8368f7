/// The arguments several commands share, declared once: a post number, a message text, the
/// editor flag and an archive file, with the parsing that goes with them.
///
/// ```swift
/// static let configuration = CommandConfiguration("follow", summary: "follow a post", positionals: [CommandArguments.pid])
/// init(parsing arguments: ParsedArguments) throws(UsageError) { pid = try CommandArguments.pid(arguments) }
/// ```
enum CommandArguments {
  static let pid = PositionalSpec("PID", help: "the post's number: 123 or #123 (quote the # in a shell)")
  static let text = PositionalSpec(
    "TEXT", .optionalVariadic,
    help: "the text; several words are joined by spaces; - reads stdin, as does no TEXT when stdin is not a terminal")
  static let edit = OptionSpec("edit", help: "write the text in $VISUAL or $EDITOR (TEXT, if given, is the draft)")
  static let archiveFile = PositionalSpec("FILE", help: "the archive file")

  /// The `PID` argument.
  static func pid(_ arguments: ParsedArguments) throws(UsageError) -> Int {
    try number(try arguments.required("PID"), what: "PID", arguments)
  }

  /// A post or comment number as hollow-cli prints it, `#123`, or without the `#`.
  static func number(_ text: String, what: String, _ arguments: ParsedArguments) throws(UsageError) -> Int {
    let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
    guard Int(digits) != nil else {
      throw UsageError("\(what) must be a number, not '\(text)'", command: arguments.command)
    }
    return try arguments.parseInteger(digits, what: what, in: 1...Int.max)
  }

  /// The text of `send` or `comment`: the words given, stdin, or the editor (`--edit`).
  static func text(_ arguments: ParsedArguments, edit: Bool) -> MessageText {
    MessageText.from(words: arguments.variadic("TEXT"), edit: edit)
  }
}
