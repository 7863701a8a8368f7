/// What the reader's screen shows at one moment: exactly `size.rows` lines, each cut to
/// `size.columns` (a missing line is empty, an extra one dropped).
///
/// ```swift
/// let frame = Frame(size: ScreenSize(rows: 24, columns: 80), lines: view.lines)
/// ```
struct Frame: Sendable, Equatable {
  let size: ScreenSize
  let lines: [TerminalText]

  init(size: ScreenSize, lines: [TerminalText]) {
    self.size = size
    var fitted = lines.prefix(size.rows).map { $0.clipped(toColumns: size.columns) }
    fitted += Array(repeating: TerminalText.empty, count: size.rows - fitted.count)
    self.lines = fitted
  }
}
