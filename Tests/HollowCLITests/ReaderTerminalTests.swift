import Foundation
import TestScheduling
import Testing

@testable import HollowCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The built `hollow-cli` in a real pseudo-terminal (tmux): the reader on the embedded demo
/// server, driven by keys and read off the screen; the terminal's settings (`stty -g`) are the
/// same after it, whatever ended it.
@Suite(
  .offCooperativePool, .serialized, .timeLimit(.minutes(2)),
  .enabled(if: TmuxScreen.isAvailable, "tmux is not installed"))
struct ReaderTerminalTests {
  func open(_ arguments: [String] = [], variables: [String: String] = [:]) throws -> TmuxScreen {
    let binary = try #require(PseudoTerminal.binaryPath(), "hollow-cli is not built next to the tests")
    return try TmuxScreen(
      binary: binary, arguments: arguments,
      variables: ["TERM": "xterm-256color", "COLORTERM": "truecolor"].merging(variables) { _, given in given })
  }

  /// The number in the title's "N posts".
  static func postCount(_ screen: String) -> Int? {
    guard let title = screen.split(separator: "\n").first, let range = title.range(of: " posts") else { return nil }
    return Int(title[..<range.lowerBound].split(separator: " ").last ?? "")
  }

  @Test func aUserBrowsesSearchesFollowsAndQuits() throws {
    let screen = try open()
    let first = try screen.waitFor("the first page") {
      ($0.contains("fresh") || $0.contains("cached")) && $0.contains("#40")
    }
    #expect(first.contains("hollow · timeline"))
    let firstCount = try #require(Self.postCount(first))

    // Past the end of page 1: page 2 arrives.
    try screen.send("G")
    try screen.waitFor("page 2") { (Self.postCount($0) ?? 0) > firstCount }

    // A post with a cited post and an image: #40353 cites #40182 and has an image.
    try screen.send("g")
    try screen.waitFor("the top") { $0.contains(" 1/") }
    try screen.send("j", "j", "j")
    try screen.waitFor(" 4/")
    try screen.send("Enter")
    try screen.waitFor("#40353 with its quote") { $0.contains("hollow · #40353") && $0.contains("│ #40182") }
    // The post's picture and its quote's take most of 24 rows: the comments are further down.
    try screen.send("G")
    let end = try screen.waitFor("the end of #40353") { $0.contains("hollow · #40353") && $0.contains("comments") }
    #expect(end.contains("no comments") || end.contains(" comments"))

    // Back to the feed, the cursor where it was.
    try screen.send("h")
    try screen.waitFor(" 4/")

    // Live search.
    try screen.send("/")
    try screen.waitFor("search:")
    try screen.send("考试", literally: true)
    try screen.waitFor("results for 考试") { $0.contains("search \"考试\"") }
    try screen.send("Escape")
    try screen.waitFor("hollow · timeline")

    // Follow (or unfollow) the selected post: the status line says which.
    try screen.send("f")
    try screen.waitFor("the follow's result") { $0.contains("following #") }

    try screen.send("q")
    let outcome = try screen.outcome()
    #expect(outcome.status == 0)
    #expect(outcome.sameTerminal, "before: \(outcome.before)\nafter: \(outcome.after)")
  }

  @Test func aPostWithAQuoteAndAnImageShowsThePictureInHalfBlocks() throws {
    let screen = try open()
    try screen.waitFor("the first page") { ($0.contains("fresh") || $0.contains("cached")) && $0.contains("#40") }
    // #40353, fourth in the feed, cites #40182 and has a PNG: in truecolor it is drawn in half-blocks.
    try screen.send("j", "j", "j")
    try screen.waitFor(" 4/")
    try screen.send("Enter")
    let post = try screen.waitFor("#40353 with its quote and its picture") {
      $0.contains("hollow · #40353") && $0.contains("│ #40182") && $0.contains("▀▀▀▀")
    }
    #expect(post.contains("hollow · #40353"), "\(post)")
    try screen.send("h")
    try screen.waitFor("hollow · timeline")
    try screen.send("q")
    let outcome = try screen.outcome()
    #expect(outcome.status == 0)
    #expect(outcome.sameTerminal)
  }

  @Test func sigtermRestoresTheTerminal() throws {
    let screen = try open()
    try screen.waitFor("hollow · timeline")
    #expect(kill(try screen.pid(), SIGTERM) == 0)
    let outcome = try screen.outcome()
    #expect(outcome.status == 128 + SIGTERM)
    #expect(outcome.sameTerminal, "before: \(outcome.before)\nafter: \(outcome.after)")
  }

  /// The earliest SIGTERM that can find the terminal changed: the reader sends it to itself the
  /// moment raw mode and the alternate screen are on, before its loop subscribes. It used to
  /// kill the process in raw mode (default action) or, once ignored before libdispatch caught
  /// it, be discarded by the kernel and leave the reader running.
  @Test func aSigtermAsTheTerminalIsTakenRestoresIt() throws {
    let screen = try open(["wander"], variables: ["HOLLOW_READER_EARLY_SIGTERM": "1"])
    let outcome = try screen.outcome()
    #expect(outcome.status == 128 + SIGTERM)
    #expect(outcome.sameTerminal, "before: \(outcome.before)\nafter: \(outcome.after)")
  }

  @Test func sighupRestoresTheTerminal() throws {
    let screen = try open(["wander"])
    try screen.waitFor("hollow · wander")
    #expect(kill(try screen.pid(), SIGHUP) == 0)
    let outcome = try screen.outcome()
    #expect(outcome.status == 128 + SIGHUP)
    #expect(outcome.sameTerminal)
  }

  @Test func ctrlCQuits() throws {
    let screen = try open(["attentions"])
    try screen.waitFor("hollow · followed")
    try screen.send("C-c")
    let outcome = try screen.outcome()
    #expect(outcome.status == 0)
    #expect(outcome.sameTerminal)
  }

  @Test func anErrorRestoresTheTerminalAndIsReportedOnTheNormalScreen() throws {
    let screen = try open(variables: ["HOLLOW_READER_FAULT": "1"])
    let outcome = try screen.outcome()
    #expect(outcome.status == 1)
    #expect(outcome.sameTerminal, "before: \(outcome.before)\nafter: \(outcome.after)")
    #expect(try screen.screen().contains("hollow-cli: reader: HOLLOW_READER_FAULT"))
  }

  @Test func plainKeepsPrintMode() throws {
    let screen = try open(["--plain", "wander"])
    let outcome = try screen.outcome()
    #expect(outcome.status == 0)
    let shown = try screen.screen()
    #expect(shown.contains("wander · "), "\(shown)")
    #expect(!shown.contains("hollow · wander"))
  }
}

/// The actions, each driven by its key in the real terminal and read off the screen: vote,
/// comment and post (inline and in `$EDITOR`), copy, open the image, help, resize, the wheel.
extension ReaderTerminalTests {
  /// A folder for a test's scripts and files, removed by `body`'s end. Its name is short: a path
  /// in it must fit the status line of 80 columns.
  func withFolder<T>(_ body: (URL) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hr-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
  }

  /// Writes an executable shell script.
  private func script(_ url: URL, _ body: String) throws {
    try ("#!/bin/sh\n" + body + "\n").write(to: url, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
  }

  /// Waits for page 1 from the server, then moves the cursor to the post at `index` (demo data,
  /// seed 1: page 1's order is fixed) and waits until it is the selected one.
  func select(_ index: Int, pid: Int, on screen: TmuxScreen) throws {
    try screen.waitFor("page 1") { $0.contains(" fresh") && $0.contains(" posts · 1/") }
    for _ in 0..<index { try screen.send("j") }
    try screen.waitFor("#\(pid) selected") { $0.contains(" posts · \(index + 1)/") && $0.contains("▌ #\(pid)") }
  }

  /// The text of `file` once another process has written a line into it, polling for at most 30 s
  /// (as the screen is polled: the writer is another process).
  func waitForFile(_ file: URL) throws -> String {
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
      if let text = try? String(contentsOf: file, encoding: .utf8), text.hasSuffix("\n") { return text }
      usleep(50_000)
    }
    throw TmuxScreen.Failure(description: "\(file.path) was not written within 30 s")
  }

  /// Quits with q and checks the exit status and the terminal's settings.
  func quit(_ screen: TmuxScreen) throws {
    try screen.send("q")
    let outcome = try screen.outcome()
    #expect(outcome.status == 0)
    #expect(outcome.sameTerminal, "before: \(outcome.before)\nafter: \(outcome.after)")
  }

  @Test func voteNumbersTheOptionsAndShowsTheResult() throws {
    let screen = try open()
    // #40334 is a poll nobody has voted in yet.
    try select(20, pid: 40334, on: screen)
    try screen.send("v")
    let prompt = try screen.waitFor("the numbered options") { $0.contains("vote in #40334: 1 ") }
    let options = try #require(prompt.split(separator: "\n").last { $0.contains("vote in #40334") })
    #expect(options.contains(" · 2 "), "\(options)")
    // The number alone votes: no Enter.
    try screen.send("1")
    // The message and the post's new copy are published by two models: they may reach the screen in two frames.
    let voted = try screen.waitFor("the vote's result") {
      $0.contains("voted \"") && $0.contains("\" in #40334") && $0.contains("vote (you chose")
    }
    #expect(voted.contains("✓"))
    try quit(screen)
  }

  @Test func anInlineCommentInCJKIsSentAndShownUnderThePost() throws {
    let screen = try open()
    try select(7, pid: 40349, on: screen)
    try screen.send("Enter")
    try screen.waitFor("#40349 without comments") { $0.contains("hollow · #40349") && $0.contains("no comments") }
    try screen.send("c")
    try screen.waitFor("comment on #40349 · Enter sends")
    try screen.send("好的，树洞 from the test", literally: true)
    try screen.waitFor("the typed text") { $0.contains(" › 好的，树洞 from the test") }
    try screen.send("Enter")
    let shown = try screen.waitFor("the comment under the post") {
      $0.contains("commented on #40349 as #") && $0.contains("1 comment") && $0.contains("    好的，树洞 from the test")
    }
    #expect(!shown.contains("Enter sends"))
    try screen.send("h")
    try screen.waitFor("the feed") { $0.contains("▌ #40349") }
    try quit(screen)
  }

  @Test func aNewPostFromThePromptAppearsInTheRefreshedTimeline() throws {
    let screen = try open()
    try select(0, pid: 40117, on: screen)
    try screen.send("n")
    try screen.waitFor("new post · Enter sends")
    try screen.send("新帖子 from the prompt", literally: true)
    try screen.send("Enter")
    try screen.waitFor("the new post in the timeline") { $0.contains("posted #") && $0.contains("新帖子 from the prompt") }
    try quit(screen)
  }

  @Test func commentAndPostAreWrittenInTheEditorWhenOneIsSet() throws {
    try withFolder { folder in
      // The editor writes its text into the draft it is given, as a person would, and quits.
      let editor = folder.appendingPathComponent("editor")
      try script(editor, "printf '%s\\n' '编辑器里写的 text' > \"$1\"")
      let screen = try open(variables: ["EDITOR": editor.path])
      try select(9, pid: 40347, on: screen)
      try screen.send("c")
      try screen.waitFor("the comment's result") { $0.contains("commented on #40347 as #") }
      // The server has it: the post screen loads it.
      try screen.send("Enter")
      try screen.waitFor("the comment on #40347") { $0.contains("hollow · #40347") && $0.contains("    编辑器里写的 text") }
      try screen.send("h")
      try screen.waitFor("the feed") { $0.contains("▌ #40347") }
      try screen.send("n")
      try screen.waitFor("the post's result") { $0.contains("posted #") }
      try screen.send("g")
      try screen.waitFor("the new post at the top") { $0.contains(" posts · 1/") && $0.contains("    编辑器里写的 text") }
      try quit(screen)
    }
  }

  @Test func copyingThePidWritesOSC52AndSaysSo() throws {
    let screen = try open()
    // tmux keeps what an OSC 52 sets in a paste buffer once set-clipboard is on.
    try screen.command("set-option", "-g", "set-clipboard", "on")
    try select(3, pid: 40353, on: screen)
    try screen.send("y")
    try screen.waitFor("copied #40353")
    // The OSC was written before the frame that says so: tmux has read it.
    #expect(try screen.command("show-buffer").trimmingCharacters(in: .newlines) == "#40353")
    try quit(screen)
  }

  @Test func openingTheImageSavesItAndRunsTheOpenerOnThePath() throws {
    try withFolder { folder in
      let bin = folder.appendingPathComponent("bin")
      try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
      let opened = folder.appendingPathComponent("opened")
      try script(bin.appendingPathComponent("xdg-open"), "echo \"$1\" > '\(opened.path)'")
      let screen = try open(variables: ["PATH": bin.path, "TMPDIR": folder.path])
      try select(3, pid: 40353, on: screen)
      try screen.send("Enter")
      // Loaded: drawn as a picture (this tmux has 256 colours), not the "[image 82x49]" stand-in.
      try screen.waitFor("#40353's image") { $0.contains("hollow · #40353") && $0.contains("▀▀▀▀") }
      try screen.send("o")
      let saved = folder.appendingPathComponent("hollow-40353.png").path
      try screen.waitFor("saved \(saved), opened with xdg-open")
      #expect(FileManager.default.fileExists(atPath: saved))
      try screen.send("h")
      try screen.waitFor("the feed") { $0.contains("▌ #40353") }
      try quit(screen)
      // The opener runs in the background: its file is there once it has run.
      let argument = try waitForFile(opened)
      #expect(argument.trimmingCharacters(in: .whitespacesAndNewlines) == saved)
    }
  }

  @Test func openingTheImageWithoutAnOpenerSaysWhereItIsSaved() throws {
    try withFolder { folder in
      let screen = try open(variables: ["PATH": folder.path, "TMPDIR": folder.path])
      try select(3, pid: 40353, on: screen)
      try screen.send("Enter")
      // Loaded: drawn as a picture (this tmux has 256 colours), not the "[image 82x49]" stand-in.
      try screen.waitFor("#40353's image") { $0.contains("hollow · #40353") && $0.contains("▀▀▀▀") }
      try screen.send("o")
      let saved = folder.appendingPathComponent("hollow-40353.png").path
      let shown = try screen.waitFor("saved \(saved)")
      #expect(!shown.contains("opened with"))
      #expect(FileManager.default.fileExists(atPath: saved))
      try screen.send("h")
      try screen.waitFor("the feed") { $0.contains("▌ #40353") }
      try quit(screen)
    }
  }

  @Test func theHelpOverlayListsEveryKeyAndAnyKeyClosesIt() throws {
    let screen = try open()
    try select(0, pid: 40117, on: screen)
    // Tall enough for every key at once (a smaller screen scrolls it: ReaderBugsTerminalTests).
    try screen.command("resize-window", "-x", "120", "-y", "50")
    try screen.send("?")
    // Its last row shows once the resize has reached the reader.
    let help = try screen.waitFor("the whole help") { $0.contains("copy the post's #pid") && $0.contains("q  Ctrl-C") }
    for (keys, meaning) in ReaderKeyMap.help {
      #expect(help.contains(keys), "\(keys)")
      #expect(help.contains(meaning), "\(meaning)")
    }
    try screen.send("x")
    try screen.waitFor("the feed again") { $0.contains("hollow · timeline") && !$0.contains("copy the post's #pid") }
    try quit(screen)
  }

  @Test func resizingReflowsTheLayoutToTheNewSize() throws {
    let screen = try open()
    try select(0, pid: 40117, on: screen)
    func statusRow(_ screen: String) -> Substring? {
      screen.split(separator: "\n", omittingEmptySubsequences: false).last { $0.contains("? help  q quit") }
    }
    for (columns, rows) in [(100, 30), (60, 20)] {
      try screen.command("resize-window", "-x", "\(columns)", "-y", "\(rows)")
      let shown = try screen.waitFor("the layout at \(columns)x\(rows)") { shown in
        let lines = shown.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= rows else { return false }
        // The hint ends at the right edge (the status line leaves the last column and the hint's
        // trailing space blank), on the last row.
        let last = lines[rows - 1].reversed().drop { $0 == " " }.reversed()
        return String(last).hasSuffix("? help  q quit") && last.count == columns - 2
      }
      #expect(statusRow(shown) != nil)
      for line in shown.split(separator: "\n") { #expect(line.count <= columns, "\(line)") }
    }
    try quit(screen)
  }

  @Test func theMouseWheelMovesTheCursor() throws {
    let screen = try open()
    try select(0, pid: 40117, on: screen)
    // The reader asks for SGR mouse reports (DEC 1000 + 1006); a wheel-down report is ESC [ < 65 ; x ; y M.
    let wheelDown = Array("\u{1B}[<65;10;10M".utf8).map { String($0, radix: 16) }
    try screen.command(["send-keys", "-H"] + wheelDown)
    try screen.waitFor("the cursor on the second post") { $0.contains(" posts · 2/") }
    let wheelUp = Array("\u{1B}[<64;10;10M".utf8).map { String($0, radix: 16) }
    try screen.command(["send-keys", "-H"] + wheelUp)
    try screen.waitFor("the cursor back on the first post") { $0.contains(" posts · 1/") }
    try quit(screen)
  }
}
