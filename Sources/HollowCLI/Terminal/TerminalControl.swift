/// The escape sequences hollow-cli itself writes: styles, and erasing its own progress line or
/// mark. They are the only way a control sequence gets into a ``TerminalText``; their parameters
/// are numbers, so nothing from outside can ride along.
///
/// ```swift
/// let bold = TerminalText.control(.graphicRendition([1])) + "hi" + .control(.graphicRendition([0]))
/// ```
public enum TerminalControl: Sendable, Hashable {
  /// SGR, `ESC [ p;p… m`: colours and weights.
  case graphicRendition([UInt8])
  /// Carriage return, then erase the line: where a progress line was drawn.
  case eraseLine
  /// Cursor up one line, then erase it: removes the line written last.
  case eraseLastLine

  /// The bytes written.
  var sequence: String {
    switch self {
    case .graphicRendition(let parameters):
      "\u{1B}[" + parameters.map(String.init).joined(separator: ";") + "m"
    case .eraseLine:
      "\r\u{1B}[2K"
    case .eraseLastLine:
      "\u{1B}[1A\u{1B}[2K"
    }
  }
}
