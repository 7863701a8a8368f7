/// What handling a key asks of the loop besides a new frame: bytes for the terminal itself (a
/// clipboard sequence), handing the terminal to `$EDITOR` for a text, drawing every row again,
/// suspending to the shell, or quitting.
enum ReaderEffect: Sendable, Equatable {
  case quit
  case write(TerminalText)
  /// Write `purpose`'s text in the editor on a file holding `file` (``EditorDraft``), then send it.
  case edit(ComposeState.Purpose, file: String)
  /// Draw the whole screen, not only the rows that changed (Ctrl-L).
  case redraw
  /// Give the terminal back and stop until `fg` (Ctrl-Z).
  case suspend
}
