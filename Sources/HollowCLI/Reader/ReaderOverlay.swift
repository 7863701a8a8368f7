/// A page over the whole reader: the help (`?`) or the last message and the status whole (`M`).
/// It scrolls like the list (j k ↓ ↑ space b PgDn PgUp Ctrl-F Ctrl-B Ctrl-D Ctrl-U g G), so it
/// stays readable on a small terminal; any other key closes it.
///
/// ```swift
/// var overlay = ReaderOverlay(.help)
/// overlay.handle(.character("j"))   // true: scrolled a line, still open
/// overlay.handle(.character("x"))   // false: closes
/// ```
struct ReaderOverlay: Sendable, Equatable {
  enum Content: Sendable, Equatable {
    /// Every key (``HelpView``).
    case help
    /// The last message and the status line's words, unwrapped by the status line's width.
    case message
  }

  let content: Content
  /// The first body row shown; clamped when drawn (``PagerView``).
  var offset = 0
  /// Body rows of the last frame drawn: what a screen's step is.
  var visibleRows = 10

  init(_ content: Content) {
    self.content = content
  }

  /// Scrolls for a paging key and answers true; answers false for any other key (it closes).
  mutating func handle(_ key: Key) -> Bool {
    let page = max(1, visibleRows - 1)
    switch key {
    case .character("j"), .down, .wheelDown, .enter: offset += 1
    case .character("k"), .up, .wheelUp: offset = max(0, offset - 1)
    case .character(" "), .pageDown, .control("f"): offset += page
    case .character("b"), .pageUp, .control("b"): offset = max(0, offset - page)
    case .control("d"): offset += max(1, visibleRows / 2)
    case .control("u"): offset = max(0, offset - max(1, visibleRows / 2))
    case .character("g"), .home: offset = 0
    case .character("G"), .end: offset = Int.max / 2
    default: return false
    }
    return true
  }
}
