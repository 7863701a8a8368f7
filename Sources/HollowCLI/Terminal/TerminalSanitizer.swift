/// The one filter every text passes before it reaches a terminal: posts, names, tags, a server's
/// error message, a JSON key quoted in a decoding error, a file name, the command line echoed back.
///
/// A text from outside could otherwise drive the terminal: write the clipboard (OSC 52), set the
/// title (OSC 0), clear the screen (CSI 2J), hide text (SGR 8), reset the terminal (ESC c), or
/// reorder what is shown (bidi overrides). Each escape sequence (ESC or its 8-bit C1 form, with
/// everything up to its final byte or string terminator) becomes one `�`; so does every other C0
/// or C1 control, DEL, a bidi embedding, override or isolate (U+202A–U+202E, U+2066–U+2069) and a
/// line or paragraph separator (U+2028, U+2029). A tab becomes a space. Newlines stay only where
/// the caller keeps lines (`keepingNewlines`, with `\r\n` as one newline); elsewhere they are `�`.
///
/// Clean text (the usual case) is returned as it is, without a copy; the cost is linear.
///
/// ```swift
/// TerminalSanitizer.sanitize("evil\u{1B}]52;c;aGk=\u{07}!")  // "evil�!"
/// TerminalSanitizer.sanitize("a\nb", keepingNewlines: true)  // "a\nb"
/// ```
public enum TerminalSanitizer {
  /// What a control character or escape sequence is shown as.
  public static let replacement: Unicode.Scalar = "\u{FFFD}"

  /// `text` with nothing left that a terminal would act on.
  public static func sanitize(_ text: String, keepingNewlines: Bool = false) -> String {
    guard needsWork(text.utf8, keepingNewlines: keepingNewlines) else { return text }
    return rebuild(Substring(text), keepingNewlines: keepingNewlines)
  }

  /// `text` with nothing left that a terminal would act on.
  public static func sanitize(_ text: Substring, keepingNewlines: Bool = false) -> String {
    guard needsWork(text.utf8, keepingNewlines: keepingNewlines) else { return String(text) }
    return rebuild(text, keepingNewlines: keepingNewlines)
  }

  /// Whether `scalar` is one the filter replaces (tab and newline included: they are replaced or
  /// translated depending on the caller).
  public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
    return (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
  }

  /// A quick scan of the UTF-8 bytes: only a text with a byte that may start an unsafe scalar is rebuilt.
  private static func needsWork(_ utf8: some Collection<UInt8>, keepingNewlines: Bool) -> Bool {
    if let answer = utf8.withContiguousStorageIfAvailable({ needsWork($0, keepingNewlines: keepingNewlines) }) {
      return answer
    }
    return Array(utf8).withUnsafeBufferPointer { needsWork($0, keepingNewlines: keepingNewlines) }
  }

  private static func needsWork(_ bytes: UnsafeBufferPointer<UInt8>, keepingNewlines: Bool) -> Bool {
    var index = 0
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      switch byte {
      case 0x0A:
        if !keepingNewlines { return true }
      case 0x00..<0x20, 0x7F:
        return true
      case 0xC2:
        // U+0080...U+009F (C1) are C2 80...C2 9F.
        if index + 1 < count, (0x80...0x9F).contains(bytes[index + 1]) { return true }
      case 0xE2:
        // U+2028...U+202E are E2 80 A8...AE; U+2066...U+2069 are E2 81 A6...A9.
        if index + 2 < count {
          let second = bytes[index + 1]
          let third = bytes[index + 2]
          if second == 0x80, (0xA8...0xAE).contains(third) { return true }
          if second == 0x81, (0xA6...0xA9).contains(third) { return true }
        }
      default:
        break
      }
      index += 1
    }
    return false
  }

  private static func rebuild(_ text: Substring, keepingNewlines: Bool) -> String {
    let scalars = text.unicodeScalars
    var result = String()
    result.reserveCapacity(text.utf8.count)
    var runStart = scalars.startIndex
    var index = scalars.startIndex
    while index < scalars.endIndex {
      let scalar = scalars[index]
      guard isUnsafe(scalar) else {
        index = scalars.index(after: index)
        continue
      }
      result.unicodeScalars.append(contentsOf: scalars[runStart..<index])
      var next = scalars.index(after: index)
      switch scalar {
      case "\t":
        result.unicodeScalars.append(" ")
      case "\n":
        result.unicodeScalars.append(keepingNewlines ? "\n" : replacement)
      case "\r" where keepingNewlines && next < scalars.endIndex && scalars[next] == "\n":
        result.unicodeScalars.append("\n")
        next = scalars.index(after: next)
      default:
        next = EscapeSequence.end(in: scalars, startingAt: index)
        result.unicodeScalars.append(replacement)
      }
      index = next
      runStart = next
    }
    result.unicodeScalars.append(contentsOf: scalars[runStart..<scalars.endIndex])
    return result
  }
}
