import Foundation
import Testing

@testable import HollowCLI

/// Reading in the reader in a real pseudo-terminal (tmux): read marks and `+N new` outlive the run,
/// the notifications screen shows the messages and the unread count, `L` lists a post's links and
/// opens one.
extension ReaderTerminalTests {
  /// The first line of `pid`'s block on `screen`.
  private static func header(_ pid: Int, in screen: String) -> String {
    screen.split(separator: "\n").first { $0.contains("#\(pid)  ") }.map(String.init) ?? ""
  }

  @Test func readMarksAndNewCommentsSurviveARestart() throws {
    try withFolder { folder in try readMarksSurviveARestart(in: folder) }
  }

  private func readMarksSurviveARestart(in folder: URL) throws {
    let data = ["XDG_DATA_HOME": folder.appendingPathComponent("data").path]
    let first = try open(variables: data)
    // Open #40178 and come back: read.
    try select(1, pid: 40178, on: first)
    try first.send("Enter")
    try first.waitFor("#40178 open") { $0.contains("hollow · #40178") && $0.contains("fresh") }
    try first.send("h")
    try first.waitFor("#40178 read") { Self.header(40178, in: $0).hasSuffix("· read") }
    // Open #40117, come back, and comment on it: its count grows past the one seen.
    try first.send("k")
    try first.waitFor("#40117 selected") { $0.contains("▌ #40117") }
    try first.send("Enter")
    try first.waitFor("#40117 open") { $0.contains("hollow · #40117") && $0.contains("fresh") }
    try first.send("h")
    try first.waitFor("#40117 read") { Self.header(40117, in: $0).hasSuffix("· read") }
    try first.send("c")
    try first.waitFor("the prompt") { $0.contains("Enter sends") }
    try first.send("一条新评论", literally: true)
    try first.send("Enter")
    try first.waitFor("the comment") { $0.contains("commented on #40117") }
    try quit(first)
    let kept = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("data/hollow").path)
    #expect(kept.contains { $0.hasPrefix("read-") }, "\(kept)")

    let second = try open(variables: data)
    let marked = try second.waitFor("the marks after the restart") { screen in
      screen.contains(" fresh") && Self.header(40117, in: screen).hasSuffix("· +1 new")
        && Self.header(40178, in: screen).hasSuffix("· read")
    }
    #expect(!Self.header(40182, in: marked).contains("read"))
    #expect(marked.split(separator: "\n").first?.hasSuffix("· 1 with news (u)") == true)
    // u: from elsewhere, the cursor jumps to the post with news.
    try second.send("j", "j", "j")
    try second.waitFor(" 4/")
    try second.send("u")
    try second.waitFor("#40117 selected by u") { $0.contains("▌ #40117") && $0.contains(" 1/") }
    // The followed feed shows it too (#40117 is followed in the demo data).
    try second.send("a")
    try second.waitFor("the followed feed") { $0.contains("hollow · followed") && $0.contains(" fresh") }
    try second.send("u")
    let followed = try second.waitFor("#40117 in the followed feed") { screen in
      screen.contains("▌ #40117") && Self.header(40117, in: screen).hasSuffix("· +1 new")
    }
    #expect(followed.split(separator: "\n").first?.hasSuffix("· 1 with news (u)") == true)
    try second.send("t")
    try second.waitFor("the timeline again") { $0.contains("hollow · timeline") && $0.contains("▌ #40117") }
    // Opening it again: read, no news.
    try second.send("Enter")
    try second.waitFor("#40117 open") { $0.contains("hollow · #40117") && $0.contains("fresh") }
    try second.send("h")
    try second.waitFor("#40117 read again") { Self.header(40117, in: $0).hasSuffix("· read") }
    try quit(second)

  }

  @Test func theNotificationsScreenShowsTheMessagesAndTheUnreadCount() throws {
    let screen = try open()
    let feed = try screen.waitFor("the unread count") { $0.contains(" fresh") && $0.contains("unread (m)") }
    #expect(feed.split(separator: "\n").last?.contains("unread (m)  ? help") == true)
    try screen.send("m")
    let shown = try screen.waitFor("the notifications") {
      $0.contains("hollow · notifications · ") && $0.contains("followed post · #") && $0.contains("fresh")
    }
    #expect(shown.contains("▌ "))
    #expect(shown.contains("· new"))
    #expect(!(shown.split(separator: "\n").last?.contains("unread") ?? true), "seen once shown")
    // Enter opens the message's post; h comes back to the notifications, and again to the feed.
    try screen.send("Enter")
    try screen.waitFor("the message's post") { $0.contains("hollow · #4") && $0.contains("h back") }
    try screen.send("h")
    try screen.waitFor("hollow · notifications")
    try screen.send("h")
    let back = try screen.waitFor("hollow · timeline")
    #expect(!back.contains("unread (m)"))
    try quit(screen)
  }

  @Test func capitalLListsThePostsLinksAndOpensOne() throws {
    try withFolder { folder in
      // A stand-in for xdg-open that writes down what it was given.
      let opened = folder.appendingPathComponent("opened")
      try ("#!/bin/sh\nprintf '%s\\n' \"$1\" > \(opened.path)\n").write(
        to: folder.appendingPathComponent("xdg-open"), atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes(
        [.posixPermissions: 0o755], ofItemAtPath: folder.appendingPathComponent("xdg-open").path)
      let screen = try open(variables: ["PATH": folder.path + ":/usr/bin:/bin"])
      try screen.waitFor("page 1") { $0.contains(" fresh") && $0.contains(" posts · 1/") }
      try screen.send("n")
      try screen.waitFor("new post · Enter sends")
      try screen.send("看 https://example.com/a，还有 https://example.org/b?x=1。", literally: true)
      try screen.send("Enter")
      let posted = try screen.waitFor("the post") { $0.contains("posted #") }
      let line = try #require(posted.split(separator: "\n").last { $0.contains("posted #") })
      let pid = try #require(Int(line.split(separator: "#").last?.prefix { $0.isNumber } ?? ""))
      // Under the two pinned posts.
      try screen.waitFor("the new post") { $0.contains("  #\(pid)  ") }
      try screen.send("j", "j")
      try screen.waitFor("the new post selected") { $0.contains("▌ #\(pid)") && $0.contains(" 3/") }
      try screen.send("L")
      let menu = try screen.waitFor("the links") { $0.contains("hollow · links in #\(pid) · 2") }
      #expect(menu.contains("1  https://example.com/a"))
      #expect(menu.contains("2  https://example.org/b?x=1"))
      try screen.send("2")
      try screen.waitFor("opened") { $0.contains("opened https://example.org/b?x=1 with xdg-open") }
      #expect(try waitForFile(opened) == "https://example.org/b?x=1\n")
      // On a post without links, L says so.
      try screen.send("j")
      try screen.waitFor(" 4/")
      try screen.send("L")
      try screen.waitFor("no links") { $0.contains("has no links") }
      try quit(screen)
    }
  }
}
