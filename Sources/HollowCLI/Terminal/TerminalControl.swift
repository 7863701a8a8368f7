/// The escape sequences hollow-cli itself writes: styles, erasing its own progress line or mark,
/// and the full-screen reader's screen handling. They are the only way a control sequence gets
/// into a ``TerminalText``; their parameters are numbers (or base64, which has no control
/// characters), so nothing from outside can ride along.
///
/// ```swift
/// let bold = TerminalText.control(.graphicRendition([1])) + "hi" + .control(.graphicRendition([0]))
/// let home = TerminalText.control(.cursorPosition(row: 1, column: 1))
/// ```
public enum TerminalControl: Sendable, Hashable {
  /// SGR, `ESC [ p;p… m`: colours and weights.
  case graphicRendition([UInt8])
  /// Carriage return, then erase the line: where a progress line was drawn.
  case eraseLine
  /// Cursor up one line, then erase it: removes the line written last.
  case eraseLastLine
  /// CUP, `ESC [ row ; column H`, both from 1.
  case cursorPosition(row: Int, column: Int)
  /// EL 0: erase from the cursor to the end of the line.
  case eraseToLineEnd
  /// ED 2: erase the whole screen.
  case eraseScreen
  /// DEC mode 1049: switch to the alternate screen (saving the cursor) or back.
  case alternateScreen(Bool)
  /// DEC mode 25: show or hide the cursor.
  case cursorVisible(Bool)
  /// DEC modes 1000 and 1006: report mouse buttons and the wheel, in SGR form, or stop.
  case mouseReporting(Bool)
  /// DEC mode 2004: bracketed paste, a paste arrives between `ESC [200~` and `ESC [201~`, so it
  /// is read as text and never as keys.
  case bracketedPaste(Bool)
  /// DEC mode 2026: hold the frame until it is complete (terminals without it ignore it).
  case synchronizedUpdate(Bool)
  /// OSC 52: put `base64` (already encoded) on the system clipboard.
  case clipboard(base64: String)
  /// OSC 8: what follows is a hyperlink to `url` (printable ASCII only; anything else is
  /// dropped, so no terminator rides along), up to the same sequence with `nil`, which ends it.
  case hyperlink(String?)
  /// A kitty graphics protocol chunk: `ESC _ G keys ; base64 ESC \` (without `;` when there is no
  /// payload, as in a delete).
  case kittyGraphics(keys: String, base64: String)
  /// An iTerm2 inline image: `ESC ] 1337 ; File = keys : base64 BEL`.
  case iTermImage(keys: String, base64: String)

  /// The bytes written.
  var sequence: String {
    switch self {
    case .graphicRendition(let parameters):
      "\u{1B}[" + parameters.map(String.init).joined(separator: ";") + "m"
    case .eraseLine:
      "\r\u{1B}[2K"
    case .eraseLastLine:
      "\u{1B}[1A\u{1B}[2K"
    case .cursorPosition(let row, let column):
      "\u{1B}[\(max(1, row));\(max(1, column))H"
    case .eraseToLineEnd:
      "\u{1B}[K"
    case .eraseScreen:
      "\u{1B}[2J"
    case .alternateScreen(let on):
      on ? "\u{1B}[?1049h" : "\u{1B}[?1049l"
    case .cursorVisible(let on):
      on ? "\u{1B}[?25h" : "\u{1B}[?25l"
    case .mouseReporting(let on):
      on ? "\u{1B}[?1000h\u{1B}[?1006h" : "\u{1B}[?1006l\u{1B}[?1000l"
    case .bracketedPaste(let on):
      on ? "\u{1B}[?2004h" : "\u{1B}[?2004l"
    case .synchronizedUpdate(let on):
      on ? "\u{1B}[?2026h" : "\u{1B}[?2026l"
    case .clipboard(let base64):
      "\u{1B}]52;c;" + Self.base64Only(base64) + "\u{07}"
    case .hyperlink(let url):
      "\u{1B}]8;;" + Self.addressOnly(url ?? "") + "\u{1B}\\"
    case .kittyGraphics(let keys, let base64):
      "\u{1B}_G" + Self.keysOnly(keys) + (base64.isEmpty ? "" : ";" + Self.base64Only(base64)) + "\u{1B}\\"
    case .iTermImage(let keys, let base64):
      "\u{1B}]1337;File=" + Self.keysOnly(keys) + ":" + Self.base64Only(base64) + "\u{07}"
    }
  }

  /// The characters of base64; anything else is dropped, so no terminator can be smuggled in.
  /// Checked byte by byte, and returned without a copy when clean: an inline image's payload is
  /// megabytes long.
  private static func base64Only(_ text: String) -> String {
    if text.utf8.allSatisfy(isBase64) { return text }
    return String(decoding: text.utf8.filter(isBase64), as: UTF8.self)
  }

  private static func isBase64(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"),
      UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="):
      true
    default:
      false
    }
  }

  /// Printable ASCII without spaces, at most ``LinkFinder/maximumLength`` bytes: the characters
  /// of an address as ``LinkFinder`` finds them.
  private static func addressOnly(_ text: String) -> String {
    let kept = text.utf8.prefix(LinkFinder.maximumLength)
    if kept.count == text.utf8.count, kept.allSatisfy({ (0x21...0x7E).contains($0) }) { return text }
    return String(decoding: kept.filter { (0x21...0x7E).contains($0) }, as: UTF8.self)
  }

  /// `key=value,key=value` keys: letters, digits and `=,;` only.
  private static func keysOnly(_ text: String) -> String {
    String(
      text.unicodeScalars.filter {
        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "=,;".unicodeScalars.contains($0))
      }.map(Character.init))
  }
}
