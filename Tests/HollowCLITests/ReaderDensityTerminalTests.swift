import Foundation
import TestScheduling
import Testing

@testable import HollowCLI

/// Density and place in a real pseudo-terminal (tmux): `i` and `--no-images` hide pictures, each
/// feed keeps its place across `t`/`w`/`a`, and Ctrl-Z gives the terminal back to the shell and
/// `fg` brings back a whole screen in raw mode.
@Suite(
  .offCooperativePool, .serialized, .timeLimit(.minutes(2)),
  .enabled(if: TmuxScreen.isAvailable, "tmux is not installed"))
struct ReaderDensityTerminalTests {
  func open(_ arguments: [String] = [], shell: Bool = false) throws -> TmuxScreen {
    let binary = try #require(PseudoTerminal.binaryPath(), "hollow-cli is not built next to the tests")
    return try TmuxScreen(
      binary: binary, arguments: arguments, variables: ["TERM": "xterm-256color", "COLORTERM": "truecolor"],
      shell: shell)
  }

  /// The first page from the server, the cursor on the first post.
  private func firstPage(_ screen: TmuxScreen) throws -> String {
    try screen.waitFor("page 1") { $0.contains(" fresh") && $0.contains(" posts · 1/") }
  }

  /// The title's "N posts · C/N".
  private static func place(_ screen: String) -> String? {
    guard let title = screen.split(separator: "\n").first, let range = title.range(of: " · ", options: .backwards)
    else { return nil }
    let before = title[..<range.lowerBound]
    guard let posts = before.range(of: " · ", options: .backwards) else { return nil }
    return String(title[posts.upperBound...]).trimmingCharacters(in: .whitespaces)
  }

  @Test func iHidesAndShowsThePictures() throws {
    let screen = try open()
    _ = try firstPage(screen)
    // #40353, fourth in the feed, has a PNG: in truecolor it is drawn in half-blocks.
    try screen.send("j", "j", "j")
    try screen.waitFor("#40353's picture") { $0.contains(" 4/") && $0.contains("▀▀▀▀") }
    try screen.send("i")
    let hidden = try screen.waitFor("the pictures hidden") { $0.contains("pictures off") }
    #expect(!hidden.contains("▀"), "\(hidden)")
    #expect(hidden.contains("[image 82x49]"), "\(hidden)")
    // Still off on the post screen.
    try screen.send("Enter")
    let post = try screen.waitFor("#40353") { $0.contains("hollow · #40353") && $0.contains("│ #40182") }
    #expect(!post.contains("▀") && post.contains("[image 82x49]"), "\(post)")
    try screen.send("h")
    try screen.send("i")
    try screen.waitFor("the pictures back") { $0.contains("pictures on") && $0.contains("▀▀▀▀") }
    try quit(screen)
  }

  @Test func noImagesStartsWithThePicturesHidden() throws {
    let screen = try open(["--no-images"])
    _ = try firstPage(screen)
    try screen.send("j", "j", "j")
    let shown = try screen.waitFor("#40353") { $0.contains(" 4/") && $0.contains("[image 82x49]") }
    #expect(!shown.contains("▀"), "\(shown)")
    try screen.send("i")
    try screen.waitFor("the pictures shown") { $0.contains("pictures on") && $0.contains("▀▀▀▀") }
    try quit(screen)
  }

  @Test func eachFeedKeepsItsPlaceAndPagesAcrossTWA() throws {
    let screen = try open()
    let first = try firstPage(screen)
    // Page 2, then the cursor to the sixth post.
    try screen.send("G")
    let paged = try screen.waitFor("page 2") {
      ReaderTerminalTests.postCount($0) ?? 0 > ReaderTerminalTests.postCount(first) ?? 0
    }
    let count = try #require(ReaderTerminalTests.postCount(paged))
    try screen.send("g")
    try screen.waitFor(" 1/\(count)")
    for _ in 0..<5 { try screen.send("j") }
    let timeline = try screen.waitFor(" 6/\(count)")
    let rows = timeline.split(separator: "\n", omittingEmptySubsequences: false)
    // Wander (0 to 15 random posts a batch) is only passed through; followed gets a place of its own.
    try screen.send("w")
    try screen.waitFor("hollow · wander")
    try screen.send("a")
    try screen.waitFor("the followed posts") { $0.contains("hollow · followed") && $0.contains(" posts · 1/") }
    try screen.send("j")
    let followed = try screen.waitFor("followed's second post") {
      $0.contains("hollow · followed") && $0.contains(" 2/")
    }
    let followedPlace = try #require(Self.place(followed))
    try screen.send("t")
    let back = try screen.waitFor("the timeline where it was") { $0.contains("hollow · timeline") }
    #expect(back.contains("\(count) posts · 6/\(count)"), "\(back)")
    // Scrolled as it was left: the same post on the first row (pictures and cited posts still
    // arriving may move the rows below it).
    #expect(back.split(separator: "\n").dropFirst().first == rows.dropFirst().first, "\(back)")
    try screen.send("a")
    let followedBack = try screen.waitFor("followed where it was") { $0.contains("hollow · followed") }
    #expect(Self.place(followedBack) == followedPlace, "\(followedBack)")
    try quit(screen)
  }

  @Test func ctrlZSuspendsToTheShellAndFgBringsBackTheWholeScreen() throws {
    // Without pictures the first screen is settled once #40353's cited post has arrived.
    let screen = try open(["--no-images"], shell: true)
    _ = try firstPage(screen)
    let before = try screen.waitFor("#40353's cited post") { $0.contains("│ #40182") }
    #expect(try screen.command("display-message", "-p", "#{alternate_on}").hasPrefix("1"))
    try screen.send("C-z")
    let shell = try screen.waitFor("the shell's prompt") {
      $0.contains("Stopped") && $0.contains(TmuxScreen.shellPrompt)
    }
    #expect(!shell.contains("hollow · timeline"), "the reader's screen is left: \(shell)")
    // The terminal as the shell wants it: the normal screen, the cursor shown.
    #expect(try screen.command("display-message", "-p", "#{alternate_on} #{cursor_flag}").hasPrefix("0 1"))
    try screen.send("fg", literally: true)
    try screen.send("Enter")
    // Whole: every row is the reader's, as before the suspension. Not the status line: its age may have moved on, and
    // the unread notice ("10+ unread (m)") comes with a request of its own, which may arrive after `before` was read.
    let rowsBefore = TmuxScreen.rowsAboveTheStatusLine(before)
    let back = try screen.waitFor("the reader's whole screen again") {
      TmuxScreen.rowsAboveTheStatusLine($0) == rowsBefore
    }
    #expect(try screen.command("display-message", "-p", "#{alternate_on}").hasPrefix("1"))
    #expect(!back.contains("Stopped") && !back.contains(TmuxScreen.shellPrompt), "\(back)")
    // Raw mode again: one key moves without Enter.
    try screen.send("j")
    try screen.waitFor(" 2/")
    try screen.send("q")
    try screen.waitFor("the shell after q") { $0.contains(TmuxScreen.shellPrompt) && !$0.contains("hollow · timeline") }
    #expect(try screen.command("display-message", "-p", "#{alternate_on} #{cursor_flag}").hasPrefix("0 1"))
  }

  /// Quits with q and checks the exit status and the terminal's settings.
  private func quit(_ screen: TmuxScreen) throws {
    try screen.send("q")
    let outcome = try screen.outcome()
    #expect(outcome.status == 0)
    #expect(outcome.sameTerminal, "before: \(outcome.before)\nafter: \(outcome.after)")
  }
}
