/// Cuts a line of terminal text to a number of columns: characters count by ``DisplayWidth``
/// (a CJK character is two), hollow-cli's own escape sequences count nothing and are kept, and a
/// wide character that would straddle the edge is left out (a space takes its first column).
/// A line that carries styles ends with a reset, so no colour leaks into the rest of the row, and
/// a hyperlink (OSC 8) cut before its end is closed, so it does not run on into the next rows.
///
/// ```swift
/// ColumnClipper.clip("树洞树洞", columns: 5)  // "树洞 "
/// ```
enum ColumnClipper {
  static func clip(_ text: String, columns: Int) -> String {
    var result = String()
    var used = 0
    var styled = false
    var linkOpen = false
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if character == "\u{1B}" {
        let end = sequenceEnd(in: text, from: index)
        let sequence = text[index..<end]
        if sequence.hasPrefix(Self.hyperlinkPrefix) { linkOpen = sequence != Self.hyperlinkEnd }
        result += sequence
        styled = true
        index = end
        continue
      }
      let width = DisplayWidth.of(character)
      if used + width > columns {
        if used < columns { result += " " }
        break
      }
      result.append(character)
      used += width
      index = text.index(after: index)
    }
    if styled { result += TerminalControl.graphicRendition([0]).sequence }
    if linkOpen { result += hyperlinkEnd }
    return result
  }

  private static let hyperlinkPrefix = "\u{1B}]8;"
  private static let hyperlinkEnd = TerminalControl.hyperlink(nil).sequence

  /// `text` without its escape sequences: what takes columns.
  static func visible(_ text: String) -> String {
    guard text.contains("\u{1B}") else { return text }
    var result = String()
    var index = text.startIndex
    while index < text.endIndex {
      if text[index] == "\u{1B}" {
        index = sequenceEnd(in: text, from: index)
      } else {
        result.append(text[index])
        index = text.index(after: index)
      }
    }
    return result
  }

  /// The end of one of hollow-cli's own sequences: CSI up to its final byte, or an OSC/APC string
  /// up to its terminator.
  private static func sequenceEnd(in text: String, from start: String.Index) -> String.Index {
    let scalars = text.unicodeScalars
    return EscapeSequence.end(in: scalars[start...], startingAt: start)
  }
}
