/// Which part of a list of blocks (one per post) fills a window of `height` rows, keeping the
/// selected block visible: the window starts at the previous top unless the selection is above
/// it, and moves down only as far as needed to show the selected block whole (or its start,
/// when it is taller than the window). Blocks are rendered on demand, so a long list costs only
/// what is shown.
///
/// ```swift
/// let (lines, top) = ListWindow.lines(count: posts.count, selected: 5, top: 0, height: 20) { index in block(index) }
/// ```
enum ListWindow {
  static func lines(
    count: Int, selected: Int, top previousTop: Int, height: Int, block: (Int) -> [TerminalText]
  ) -> (lines: [TerminalText], top: Int) {
    guard count > 0, height > 0 else { return ([], 0) }
    let selected = max(0, min(count - 1, selected))
    var top = max(0, min(previousTop, selected))
    var cache: [Int: [TerminalText]] = [:]
    func rendered(_ index: Int) -> [TerminalText] {
      if let lines = cache[index] { return lines }
      let lines = block(index)
      cache[index] = lines
      return lines
    }
    // Move the top down until the selected block ends inside the window.
    while top < selected {
      let used = (top...selected).reduce(0) { $0 + rendered($1).count }
      if used <= height { break }
      top += 1
    }
    var lines: [TerminalText] = []
    var index = top
    while index < count, lines.count < height {
      lines += rendered(index)
      index += 1
    }
    return (Array(lines.prefix(height)), top)
  }
}
