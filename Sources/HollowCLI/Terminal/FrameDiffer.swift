/// What to write to turn the screen from one ``Frame`` into the next: only the rows that changed,
/// each as "move to the row, write the line, erase the rest of the row". The first frame, and a
/// frame of another size (after SIGWINCH), redraws every row after erasing the screen. The update
/// is wrapped in a synchronized-update pair so terminals that know it show it at once.
///
/// ```swift
/// let bytes = FrameDiffer.update(from: shown, to: next)
/// output.write(bytes)    // empty when nothing changed
/// ```
enum FrameDiffer {
  static func update(from old: Frame?, to new: Frame) -> TerminalText {
    let redrawAll = old == nil || old?.size != new.size
    var text = TerminalText.empty
    if redrawAll { text += .control(.eraseScreen) }
    for (row, line) in new.lines.enumerated() {
      if !redrawAll, let old, old.lines[row] == line { continue }
      text += .control(.cursorPosition(row: row + 1, column: 1))
      text += line
      text += .control(.eraseToLineEnd)
    }
    guard !text.isEmpty else { return .empty }
    return .control(.synchronizedUpdate(true)) + text + .control(.synchronizedUpdate(false))
  }
}
