/// The text of a prompt being written and the caret in it, with the line editing terminal users
/// expect from readline: ←/→, Home/End and Ctrl-A/Ctrl-E (the start and end of the caret's
/// line), Backspace/Delete, Ctrl-W (the word before the caret) and Ctrl-U (the line before the
/// caret). A newline is a character like any other: a text may hold several lines. A pure value:
/// every edit is O(length), nothing else.
///
/// ```swift
/// var text = EditableText("今天 食堂")
/// text.deleteWordBackward()  // "今天 ", caret at the end
/// text.insert("的饺子")        // "今天 的饺子"
/// text.moveToLineStart()     // caret at 0
/// ```
struct EditableText: Sendable, Equatable {
  private(set) var characters: [Character]
  /// Where the next character goes: 0...characters.count.
  private(set) var caret: Int

  /// The most characters a prompt holds (four times the longest post the server takes): a paste
  /// of a whole file is cut there rather than held whole.
  static let maximumLength = 40_000

  init(_ text: String = "") {
    characters = Array(text.prefix(Self.maximumLength))
    caret = characters.count
  }

  var text: String { String(characters) }
  var isEmpty: Bool { characters.isEmpty }

  /// Inserts `text` at the caret and moves the caret after it (as much of it as fits).
  mutating func insert(_ text: String) {
    let room = Self.maximumLength - characters.count
    guard room > 0 else { return }
    let inserted = Array(text.prefix(room))
    characters.insert(contentsOf: inserted, at: caret)
    caret += inserted.count
  }

  mutating func moveLeft() { caret = max(0, caret - 1) }
  mutating func moveRight() { caret = min(characters.count, caret + 1) }
  mutating func moveToLineStart() { caret = lineStart }
  mutating func moveToLineEnd() { caret = characters[caret...].firstIndex(of: "\n") ?? characters.count }

  /// Backspace: the character before the caret.
  mutating func deleteBackward() {
    guard caret > 0 else { return }
    characters.remove(at: caret - 1)
    caret -= 1
  }

  /// Delete: the character under the caret.
  mutating func deleteForward() {
    guard caret < characters.count else { return }
    characters.remove(at: caret)
  }

  /// Ctrl-W: the spaces before the caret, then the word before them (as readline's
  /// unix-word-rubout: a word ends at whitespace).
  mutating func deleteWordBackward() {
    var start = caret
    while start > 0, characters[start - 1].isWhitespace, characters[start - 1] != "\n" { start -= 1 }
    if start == caret, start > 0, characters[start - 1] == "\n" {
      start -= 1
    } else {
      while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
    }
    remove(from: start)
  }

  /// Ctrl-U: from the start of the caret's line to the caret (at a line's start, the newline before it).
  mutating func deleteToLineStart() {
    let start = lineStart
    remove(from: start == caret ? max(0, caret - 1) : start)
  }

  private var lineStart: Int {
    characters[..<caret].lastIndex(of: "\n").map { $0 + 1 } ?? 0
  }

  private mutating func remove(from start: Int) {
    characters.removeSubrange(start..<caret)
    caret = start
  }
}
