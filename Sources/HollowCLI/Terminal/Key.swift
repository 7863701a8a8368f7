/// One key press (or wheel step) the reader reacts to, decoded from the terminal's bytes by
/// ``KeyDecoder``.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode(Array("j\u{1B}[B".utf8))  // [.character("j"), .down]
/// ```
public enum Key: Sendable, Hashable {
  /// A printable character (any script: CJK input arrives as characters too).
  case character(Character)
  /// Ctrl and a letter, lowercased: `.control("c")` for Ctrl-C.
  case control(Character)
  /// Enter (CR). Ctrl-J (LF) is `.control("j")`: in a prompt it is a newline, never a send.
  case enter
  /// Alt-Enter (ESC CR): a newline in a prompt.
  case altEnter
  /// A bracketed paste's text (newlines as `\n`, other control characters dropped): always text,
  /// never keys, whatever it holds.
  case paste(String)
  case escape
  case backspace
  case tab
  case up
  case down
  case left
  case right
  case home
  case end
  case pageUp
  case pageDown
  case delete
  /// The mouse wheel, one step.
  case wheelUp
  case wheelDown
}
