/// Text that is safe to write to a terminal: every character from outside went through
/// ``TerminalSanitizer``, and the only control sequences in it are hollow-cli's own
/// (``TerminalControl``). ``TextOutput`` accepts nothing else, so a path that forgets to sanitize
/// does not compile rather than leaking an escape.
///
/// There is no way to wrap a `String` unchecked: the initializers sanitize, a string literal
/// included (literals keep their newlines), and ``init(json:)`` escapes what JSON allows raw.
///
/// ```swift
/// var line = TerminalText("server says: \u{1B}]0;pwned\u{07}")  // "server says: �"
/// line += .control(.eraseLine)
/// output.write(line)
/// ```
public struct TerminalText: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// What is written to the terminal.
  public private(set) var text: String

  fileprivate init(checked text: String) {
    self.text = text
  }

  /// One line: newlines in `text` are replaced like any other control character.
  public init(_ text: String) {
    self.text = TerminalSanitizer.sanitize(text)
  }

  /// One line: newlines in `text` are replaced like any other control character.
  public init(_ text: Substring) {
    self.text = TerminalSanitizer.sanitize(text)
  }

  /// Text that may span lines: newlines (and `\r\n`) are kept, everything else is sanitized.
  public init(lines text: String) {
    self.text = TerminalSanitizer.sanitize(text, keepingNewlines: true)
  }

  /// A literal keeps its newlines; any control character in it is still replaced.
  public init(stringLiteral value: String) {
    self.init(lines: value)
  }

  /// A JSON document (or any text meant for a program): the scalars the sanitizer would replace
  /// are written as `\uXXXX` instead, which JSON reads back as the same string, so the document
  /// keeps its meaning. (They can only occur inside JSON strings; JSON's own syntax is ASCII.)
  public init(json: String) {
    guard json.unicodeScalars.contains(where: TerminalSanitizer.isUnsafe) else {
      self.text = json
      return
    }
    var escaped = String()
    escaped.reserveCapacity(json.utf8.count)
    for scalar in json.unicodeScalars {
      if TerminalSanitizer.isUnsafe(scalar) {
        let hex = String(scalar.value, radix: 16)
        escaped += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      } else {
        escaped.unicodeScalars.append(scalar)
      }
    }
    self.text = escaped
  }

  /// One of hollow-cli's own control sequences.
  public static func control(_ control: TerminalControl) -> TerminalText {
    TerminalText(checked: control.sequence)
  }

  /// A line break.
  public static let newline = TerminalText(checked: "\n")

  /// Nothing.
  public static let empty = TerminalText(checked: "")

  public var isEmpty: Bool { text.isEmpty }

  public var description: String { text }

  public mutating func append(_ other: TerminalText) {
    text += other.text
  }

  public static func + (left: TerminalText, right: TerminalText) -> TerminalText {
    TerminalText(checked: left.text + right.text)
  }

  public static func += (left: inout TerminalText, right: TerminalText) {
    left.append(right)
  }

  /// `self` with every match of `redactor`'s secrets replaced; the result stays safe because the
  /// replacement is plain text and whole control sequences are removed with the match.
  func redacted(by redactor: SecretRedactor) -> TerminalText {
    TerminalText(checked: redactor.redactSanitized(text))
  }

  /// The first `columns` columns of this line (see ``ColumnClipper``); stays safe because whole
  /// sequences are kept or dropped and only a reset is added.
  func clipped(toColumns columns: Int) -> TerminalText {
    TerminalText(checked: ColumnClipper.clip(text, columns: columns))
  }

  /// `self` without its inline-image sequences (kitty's `ESC _ G`, iTerm2's `ESC ] 1337`): the
  /// text under a picture, which ``FrameDiffer`` writes before drawing the picture on top. Stays
  /// safe because whole sequences are removed.
  func removingInlineImages() -> TerminalText {
    guard text.contains("\u{1B}_G") || text.contains("\u{1B}]1337;") else { return self }
    let scalars = Substring(text).unicodeScalars
    var result = String()
    var index = scalars.startIndex
    while index < scalars.endIndex {
      guard scalars[index] == "\u{1B}" else {
        result.unicodeScalars.append(scalars[index])
        index = scalars.index(after: index)
        continue
      }
      let end = EscapeSequence.end(in: scalars, startingAt: index)
      let sequence = Substring(scalars[index..<end])
      if !sequence.hasPrefix("\u{1B}_G") && !sequence.hasPrefix("\u{1B}]1337;") { result += sequence }
      index = end
    }
    return TerminalText(checked: result)
  }

  /// The columns this line takes on the screen (its escape sequences take none).
  var columns: Int {
    DisplayWidth.of(ColumnClipper.visible(text))
  }
}

extension Sequence<TerminalText> {
  /// The texts one after another, with `separator` between them.
  public func joined(separator: TerminalText = .empty) -> TerminalText {
    var result = TerminalText.empty
    var first = true
    for text in self {
      if !first { result.append(separator) }
      result.append(text)
      first = false
    }
    return result
  }
}
