import Foundation
import Testing

@testable import HollowCLI

/// Writing in the reader in a real pseudo-terminal (tmux): a paste is text, Ctrl-J is a newline,
/// the terminal's cursor is at the caret and on the selected post, a failed send's draft outlives
/// the run, and a poll already voted says so.
extension ReaderTerminalTests {
  /// The cursor's column and row (from 0) and whether it is shown, as tmux sees them.
  private func cursor(_ screen: TmuxScreen) throws -> (x: Int, y: Int, shown: Bool) {
    let words = try screen.command("display-message", "-p", "#{cursor_x} #{cursor_y} #{cursor_flag}")
      .split(separator: " ").map { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1 }
    return (words[0], words[1], words[2] == 1)
  }

  /// Waits until the cursor is at `x`, `y`, shown (tmux reports it as soon as the bytes arrive).
  private func waitForCursor(_ screen: TmuxScreen, x: Int, y: Int) throws {
    let deadline = Date().addingTimeInterval(30)
    var last = (x: -1, y: -1, shown: false)
    while Date() < deadline {
      last = try cursor(screen)
      if last.x == x, last.y == y, last.shown { return }
      usleep(50_000)
    }
    Issue.record("the cursor is at \(last), not (\(x), \(y)) shown; the screen:\n\(try screen.screen())")
  }

  /// Pastes `text` as a terminal does: tmux wraps it in the bracketed-paste markers when the
  /// program asked for them (its newlines become CR, as a real paste's).
  private func paste(_ text: String, on screen: TmuxScreen) throws {
    try screen.command("set-buffer", "-b", "test-paste", text)
    try screen.command("paste-buffer", "-p", "-b", "test-paste")
  }

  @Test func aTwoLinePasteSendsNothingAndRunsNothingAndCtrlJIsANewline() throws {
    let screen = try open()
    try select(0, pid: 40117, on: screen)
    try screen.send("c")
    try screen.waitFor("comment on #40117 · Enter sends")
    // Every line after the first is reader keys: q quits, n starts a post, t switches feeds.
    try paste("第一行 pasted\nq\nn t", on: screen)
    try screen.waitFor("the paste in the draft") { $0.contains(" › 第一行 pasted↵q↵n t") }
    try screen.send("C-j")
    try screen.send("x", literally: true)
    let draft = try screen.waitFor("Ctrl-J's newline") { $0.contains(" › 第一行 pasted↵q↵n t↵x") }
    #expect(!draft.contains("commented on"), "\(draft)")
    #expect(draft.contains("comment on #40117 · Enter sends"), "the prompt is still open:\n\(draft)")
    // Enter sends the whole draft, once, as one comment of four lines.
    try screen.send("Enter")
    try screen.waitFor("the comment's result") { $0.contains("commented on #40117 as #") }
    try screen.send("Enter")
    let post = try screen.waitFor("the comment under the post") {
      $0.contains("hollow · #40117") && $0.contains("第一行 pasted") && $0.contains("n t")
    }
    #expect(post.contains("3 comments"), "\(post)")
    try screen.send("h")
    try quit(screen)
  }

  @Test func aPasteOutsideAPromptRunsNoKeys() throws {
    let screen = try open()
    try select(0, pid: 40117, on: screen)
    try paste("jjjq", on: screen)
    let after = try screen.waitFor("the paste's note") { $0.contains("a paste is text") }
    #expect(after.contains(" posts · 1/"), "the cursor did not move:\n\(after)")
    try quit(screen)
  }

  @Test func theTerminalCursorIsOnTheSelectedPostAndAtTheCaret() throws {
    let screen = try open()
    try select(0, pid: 40117, on: screen)
    // The first post starts under the title (and the announcement's row).
    let first = try #require(
      try screen.screen().split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
        $0.hasPrefix("▌ #40117")
      })
    try waitForCursor(screen, x: 0, y: first)
    try screen.send("j")
    try screen.waitFor("#40178 selected") { $0.contains("▌ #40178") }
    let rows = try screen.screen().split(separator: "\n", omittingEmptySubsequences: false)
    let selected = try #require(rows.firstIndex { $0.hasPrefix("▌ #40178") })
    try waitForCursor(screen, x: 0, y: selected)
    try screen.send("c")
    try screen.waitFor("comment on #40178 · Enter sends")
    // " › " then the caret: each CJK character is two columns.
    try waitForCursor(screen, x: 3, y: 23)
    try screen.send("好的ab", literally: true)
    try waitForCursor(screen, x: 9, y: 23)
    try screen.send("Left")
    try screen.send("Left")
    try waitForCursor(screen, x: 7, y: 23)
    try screen.send("C-a")
    try waitForCursor(screen, x: 3, y: 23)
    try screen.send("Escape")
    try waitForCursor(screen, x: 0, y: selected)
    try quit(screen)
  }

  @Test func aFailedSendKeepsTheDraftForTheNextRun() throws {
    try withFolder { folder in
      let data = ["XDG_DATA_HOME": folder.appendingPathComponent("data").path]
      let offline = try open(["--offline"], variables: data)
      // Wide enough for the status line's reason and the failure after it.
      try offline.command("resize-window", "-x", "200")
      try offline.waitFor("the offline feed") { $0.contains("offline") }
      try offline.send("n")
      try offline.waitFor("new post · Enter sends")
      try offline.send("写了一半的帖子", literally: true)
      try offline.send("Enter")
      try offline.waitFor("the failure") { $0.contains("post: offline (--offline) · draft kept") }
      try quit(offline)
      let drafts = try String(contentsOf: folder.appendingPathComponent("data/hollow/drafts.json"), encoding: .utf8)
      #expect(drafts.contains("写了一半的帖子"))

      let online = try open(variables: data)
      try select(0, pid: 40117, on: online)
      try online.send("n")
      try online.waitFor("the kept draft") { $0.contains(" › 写了一半的帖子") }
      try online.send("Enter")
      try online.waitFor("the post") { $0.contains("posted #") }
      // Sent: forgotten.
      try online.send("n")
      let empty = try online.waitFor("an empty prompt") { $0.contains("new post · Enter sends") }
      #expect(!empty.contains(" › 写了一半的帖子"), "\(empty)")
      try online.send("Escape")
      try quit(online)
    }
  }

  @Test func votingInAPollAlreadyVotedSaysWhatWasChosen() throws {
    let screen = try open()
    // #40178's poll: "you chose 豆腐脑".
    try select(1, pid: 40178, on: screen)
    try screen.send("v")
    let said = try screen.waitFor("already voted") { $0.contains("already voted \"豆腐脑\" in #40178") }
    #expect(!said.contains("vote in #40178:"), "no prompt:\n\(said)")
    try quit(screen)
  }

  /// Writes `text` as `<folder>/hollow/config.toml` and answers the variables that point at it.
  private func config(_ text: String, in folder: URL) throws -> [String: String] {
    let hollow = folder.appendingPathComponent("hollow")
    try FileManager.default.createDirectory(at: hollow, withIntermediateDirectories: true)
    try text.write(to: hollow.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
    return ["XDG_CONFIG_HOME": folder.path]
  }

  @Test func theConfigFileLosesToTheEnvironmentWhichLosesToAFlag() throws {
    try withFolder { folder in
      var variables = try config(
        "server = \"http://file.test\"\nimage_base = \"http://file-images.test/\"\ntheme = \"light\"\n", in: folder)
      variables["HOLLOW_SERVER"] = "http://env.test"
      variables["HOLLOW_IMAGE_BASE"] = "http://env-images.test/"
      let screen = try open(["--image-base", "http://flag-images.test/", "config"], variables: variables)
      let shown = try screen.waitFor("DONE")
      #expect(shown.contains("server        http://env.test (HOLLOW_SERVER)"), "\(shown)")
      #expect(shown.contains("image_base    http://flag-images.test/ (--image-base)"), "\(shown)")
      #expect(shown.contains("theme         light ("), "\(shown)")
      #expect(try screen.outcome().status == 0)
    }
  }

  @Test func theConfigFilesDefaultFeedAndKeysDriveTheReader() throws {
    try withFolder { folder in
      let variables = try config("default_feed = \"wander\"\n[keys]\ndown = \"x\"\n", in: folder)
      let screen = try open(variables: variables)
      try screen.waitFor("wander") { $0.contains("hollow · wander") && $0.contains(" · 1/") }
      try screen.send("x")
      try screen.waitFor("x moved down") { $0.contains(" · 2/") }
      // The help's keys and the config's line take more than 24 rows now: a taller window shows both.
      try screen.command("resize-window", "-y", "30")
      try screen.send("?")
      // The config's keys come last: the help scrolls there.
      try screen.send("G")
      try screen.waitFor("the added key in the help") { $0.contains("config.toml [keys]: x down") }
      try screen.send("Escape")
      try quit(screen)
    }
  }
}
