import Foundation
import Testing

@testable import HollowCLI

/// The post screen's cursor in a real pseudo-terminal (tmux): a citation opens and `h` comes back
/// to the same place; `:` and a pid open a post.
extension ReaderTerminalTests {
  /// Whether the frame on `screen` (its text `text`) is whole: the reader moves the terminal's
  /// cursor to the first marked row after writing every row, so a frame caught half written has
  /// the cursor elsewhere.
  private static func isWhole(_ text: String, on screen: TmuxScreen) -> Bool {
    let rows = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let marked = rows.firstIndex(where: { $0.hasPrefix("▌") }),
      let cursor = try? screen.command("display-message", "-p", "#{cursor_y}")
    else { return false }
    return Int(cursor.trimmingCharacters(in: .whitespacesAndNewlines)) == marked
  }

  @Test func aCitationOpensAndHComesBackToTheSamePlace() throws {
    let screen = try open()
    try select(3, pid: 40353, on: screen)
    try screen.send("Enter")
    // #40353 cites #40182; both pictures drawn (the post's and the cited post's, behind its bar),
    // so nothing on screen changes later.
    try screen.waitFor("#40353 with its quote and both pictures") { text in
      let rows = text.split(separator: "\n")
      return text.contains("hollow · #40353") && text.contains("│ #40182") && text.contains(" fresh")
        && rows.contains { $0.contains("│ ▀▀▀▀") } && rows.contains { $0.contains("▀▀▀▀") && !$0.contains("│") }
    }
    try screen.send("j")
    let before = try screen.waitFor("the cursor on the citation") {
      $0.contains("▌  │ #40182") && Self.isWhole($0, on: screen)
    }
    try screen.send("Enter")
    try screen.waitFor("#40182") { $0.contains("hollow · #40182") && $0.contains(" fresh") }
    try screen.send("h")
    // The frame is written row by row: wait for the whole of it (a timeout shows the screen).
    // The rows above the status line: what `h` must bring back unchanged.
    let back = try screen.waitFor("#40353 as it was before") {
      TmuxScreen.rowsAboveTheStatusLine($0) == TmuxScreen.rowsAboveTheStatusLine(before)
    }
    #expect(back.contains("▌  │ #40182"))
    try screen.send("h")
    try screen.waitFor("the feed") { $0.contains("hollow · timeline") }
    try quit(screen)
  }

  @Test func colonAndAPidOpenThePost() throws {
    let screen = try open()
    try screen.waitFor("page 1") { $0.contains(" fresh") && $0.contains(" posts · 1/") }
    try screen.send(":")
    try screen.waitFor("the prompt") { $0.contains("open post #") }
    try screen.send("40182", literally: true)
    try screen.send("Enter")
    try screen.waitFor("#40182") { $0.contains("hollow · #40182") }
    try screen.send("h")
    try screen.waitFor("the feed") { $0.contains("hollow · timeline") }
    try quit(screen)
  }
}
