/// Where the text of `send` or `comment` comes from.
///
/// ```swift
/// let text: MessageText = .given("今天食堂的饺子不错")  // or "今天食堂的饺子不错", a literal
/// ```
public enum MessageText: Sendable, Equatable, ExpressibleByStringLiteral {
  /// The words on the command line, joined by spaces.
  case given(String)
  /// Standard input: TEXT is `-` (`explicit`), or no TEXT was given (read only when stdin is not
  /// a terminal).
  case standardInput(explicit: Bool)
  /// `--edit`: `$VISUAL` or `$EDITOR` on a file holding `draft` (the words given, if any).
  case editor(draft: String)

  public init(stringLiteral value: String) {
    self = .given(value)
  }

  /// The text source the TEXT words and `--edit` describe.
  static func from(words: [String], edit: Bool) -> MessageText {
    let joined = words.joined(separator: " ")
    if edit { return .editor(draft: joined == "-" ? "" : joined) }
    if words.isEmpty { return .standardInput(explicit: false) }
    if words == ["-"] { return .standardInput(explicit: true) }
    return .given(joined)
  }
}
