/// What to write to turn the screen from one ``Frame`` into the next: only the rows that changed,
/// each as "move to the row, write the line, erase the rest of the row". The first frame, and a
/// frame of another size (after SIGWINCH), redraws every row after erasing the screen. The update
/// is wrapped in a synchronized-update pair so terminals that know it show it at once.
///
/// Inline images (``Frame/pictures``) are drawn after all the text, on top of their rows. When any
/// picture changes or moves (a scroll, another selection), every row an old or new picture covers
/// is rewritten (which erases an iTerm2 image's cells), every kitty placement is deleted first
/// (`a=d,d=A`, since kitty keeps them over rewritten text), and the pictures are drawn again.
///
/// Last, the cursor goes to the frame's ``Frame/cursor`` (shown) or is hidden.
///
/// ```swift
/// let bytes = FrameDiffer.update(from: shown, to: next)
/// output.write(bytes)    // empty when nothing changed
/// ```
enum FrameDiffer {
  static func update(from old: Frame?, to new: Frame) -> TerminalText {
    let redrawAll = old == nil || old?.size != new.size
    let oldPictures = old?.pictures.map { (row: $0.key, rows: $0.value, line: old?.lines[$0.key] ?? .empty) } ?? []
    let newPictures = new.pictures.map { (row: $0.key, rows: $0.value, line: new.lines[$0.key]) }
    let picturesChanged: Bool
    if let old, !redrawAll {
      // Same size: every row of `new` is a row of `old`.
      picturesChanged = old.pictures != new.pictures || newPictures.contains { old.lines[$0.row] != $0.line }
    } else {
      picturesChanged = true
    }
    var covered = Set<Int>()
    if picturesChanged {
      for picture in oldPictures + newPictures { covered.formUnion(picture.row..<(picture.row + picture.rows)) }
    }
    var text = TerminalText.empty
    if redrawAll { text += .control(.eraseScreen) }
    if picturesChanged, (oldPictures + newPictures).contains(where: { InlinePicture.isKitty($0.line) }) {
      text += InlinePicture.kittyDeleteAll
    }
    for (row, line) in new.lines.enumerated() {
      if !redrawAll, !covered.contains(row), let old, old.lines[row] == line { continue }
      text += .control(.cursorPosition(row: row + 1, column: 1))
      text += new.pictures[row] == nil ? line : line.removingInlineImages()
      text += .control(.eraseToLineEnd)
    }
    if picturesChanged {
      for picture in newPictures.sorted(by: { $0.row < $1.row }) {
        text += .control(.cursorPosition(row: picture.row + 1, column: 1)) + picture.line
      }
    }
    // Writing rows moves the cursor: put it back where the frame wants it whenever anything was
    // written or it moved, and show or hide it when that changed.
    if !text.isEmpty || old?.cursor != new.cursor {
      if let cursor = new.cursor {
        text += .control(.cursorPosition(row: cursor.row + 1, column: cursor.column + 1))
      }
      if redrawAll || (old?.cursor == nil) != (new.cursor == nil) {
        text += .control(.cursorVisible(new.cursor != nil))
      }
    }
    guard !text.isEmpty else { return .empty }
    return .control(.synchronizedUpdate(true)) + text + .control(.synchronizedUpdate(false))
  }
}
