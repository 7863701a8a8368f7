/// What the reader's screen shows at one moment: exactly `size.rows` lines, each cut to
/// `size.columns` (a missing line is empty, an extra one dropped).
///
/// A line may hold an inline image (``InlinePicture``) that covers the rows under it; ``pictures``
/// lists them by row. A picture that would reach the last row (the status line) or past it is
/// not drawn: its line keeps only its text, and its reserved rows stay blank.
///
/// The ``cursor`` is where the terminal's own cursor is left, shown, after the frame is drawn;
/// without one it is hidden.
///
/// ```swift
/// let frame = Frame(size: ScreenSize(rows: 24, columns: 80), lines: view.lines)
/// ```
struct Frame: Sendable, Equatable {
  /// Where the terminal's own cursor is shown, from 0: a prompt's caret, the selected item.
  struct Cursor: Sendable, Equatable {
    var row: Int
    var column: Int
  }

  let size: ScreenSize
  let lines: [TerminalText]
  /// Where the cursor is shown; nil hides it.
  let cursor: Cursor?
  /// The lines that hold an inline image, by row, with the number of rows each covers.
  let pictures: [Int: Int]

  init(size: ScreenSize, lines: [TerminalText], cursor: Cursor? = nil) {
    self.size = size
    self.cursor = cursor.map {
      Cursor(row: max(0, min(size.rows - 1, $0.row)), column: max(0, min(size.columns - 1, $0.column)))
    }
    var fitted = lines.prefix(size.rows).map { $0.clipped(toColumns: size.columns) }
    fitted += Array(repeating: TerminalText.empty, count: size.rows - fitted.count)
    var pictures: [Int: Int] = [:]
    for (row, line) in fitted.enumerated() {
      guard let covered = InlinePicture.reservedRows(in: line) else { continue }
      if row + covered <= size.rows - 1 {
        pictures[row] = covered
      } else {
        fitted[row] = line.removingInlineImages()
      }
    }
    self.lines = fitted
    self.pictures = pictures
  }
}
