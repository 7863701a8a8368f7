import Foundation
import HollowKit
import Synchronization
import TestScheduling
import Testing

@testable import HollowCLI

/// Issue 23's reader bugs where the terminal is the point, in a real pseudo-terminal (tmux): a
/// refresh against a frozen server shows that it runs and Esc really stops it; the help scrolls
/// on a small screen; the command line's page is where the reader opens, and a print-only flag
/// is refused with a sentence.
@Suite(
  .offCooperativePool, .serialized, .timeLimit(.minutes(2)),
  .enabled(if: TmuxScreen.isAvailable, "tmux is not installed"))
struct ReaderBugsTerminalTests {
  private func open(_ arguments: [String]) throws -> TmuxScreen {
    let binary = try #require(PseudoTerminal.binaryPath(), "hollow-cli is not built next to the tests")
    return try TmuxScreen(
      binary: binary, arguments: arguments,
      variables: ["TERM": "xterm-256color", "COLORTERM": "truecolor"])
  }

  private func quit(_ screen: TmuxScreen) throws {
    try screen.send("q")
    let outcome = try screen.outcome()
    #expect(outcome.status == 0)
    #expect(outcome.sameTerminal, "before: \(outcome.before)\nafter: \(outcome.after)")
  }

  @Test func rAgainstAFrozenServerSaysRefreshingAndEscStopsTheRequest() async throws {
    let page = String(
      decoding: try WireFormat.encode(
        PostPage(posts: [ReaderFixtures.post(101, "第一条"), ReaderFixtures.post(102, "第二条")])),
      as: UTF8.self)
    let lists = Mutex(0)
    let server = try StallingServer { path in
      // The first page 1 is answered; the refresh's page 1 never is, as by a frozen server.
      guard path.contains("post/list") else { return nil }
      return lists.withLock { count in
        count += 1
        return count == 1 ? page : nil
      }
    }
    defer { server.shutdown() }
    let screen = try open(["--server", server.url, "--image-base", server.url + "/images/", "timeline"])
    try screen.waitFor("the first page") { $0.contains("#101") && $0.contains(" fresh") }

    try screen.send("r")
    await server.waitFor { $0.contains { if case .held(let path) = $0 { path.contains("post/list") } else { false } } }
    let refreshing = try screen.waitFor("refreshing… (Esc stops)")
    #expect(refreshing.contains("#101"), "the data stays on screen while it refreshes")

    try screen.send("Escape")
    // The reader closed the held request's connection: the cancelled load really stopped.
    await server.waitFor {
      $0.contains { if case .closed(let path) = $0 { path.contains("post/list") } else { false } }
    }
    let stopped = try screen.waitFor("the stop's message and the status") {
      $0.contains("stopped loading timeline") && $0.contains(" fresh ·")
    }
    #expect(stopped.contains("#101"))
    try quit(screen)
  }

  @Test func theHelpScrollsOnASmallScreenAndAnyOtherKeyClosesIt() throws {
    let screen = try open([])
    try screen.waitFor("the first page") { ($0.contains("fresh") || $0.contains("cached")) && $0.contains("#40") }
    try screen.command("resize-window", "-x", "60", "-y", "12")
    try screen.send("?")
    let top = try screen.waitFor("the help's first rows") { $0.contains("hollow · keys") && $0.contains(" 1-10/") }
    #expect(!top.contains("q  Ctrl-C"))
    try screen.send("j")
    try screen.waitFor(" 2-11/")
    try screen.send("G")
    let bottom = try screen.waitFor("the help's last rows") { $0.contains("q  Ctrl-C") }
    #expect(!bottom.contains(" 1-10/"))
    try screen.send("z")
    try screen.waitFor("the feed again") { $0.contains("hollow · timeline") && !$0.contains("hollow · keys") }
    try screen.send("Z")
    try screen.waitFor("unknown key Z: ? for help")
    try quit(screen)
  }

  @Test func tabSearchesCommentsAndTheMatchingCommentShowsUnderItsPost() throws {
    // 私信 is only in the demo's comments.
    let screen = try open(["search", "私信"])
    try screen.waitFor("the posts-only search") { $0.contains("no posts match \"私信\" · Tab searches comments too") }
    try screen.send("Tab")
    let found = try screen.waitFor("the comment under its post") {
      $0.contains("in posts and comments") && $0.contains("┊ Carol: 已私信")
    }
    #expect(found.contains("search \"私信\" · "))
    try screen.send("Escape")
    try screen.waitFor("hollow · timeline")
    try quit(screen)
  }

  @Test func pageOpensTheTimelineThereAndPagesIsRefused() throws {
    let screen = try open(["timeline", "--page", "3"])
    let third = try screen.waitFor("page 3") { $0.contains("fresh") && $0.contains("#40") }
    // Page 1 starts with the pinned posts; page 3 has none.
    #expect(!third.contains("【置顶】"), "\(third)")
    #expect(third.contains("hollow · timeline · 30 posts"))
    try quit(screen)

    let refused = try open(["timeline", "--pages", "2"])
    let outcome = try refused.outcome()
    #expect(outcome.status == 2)
    #expect(try refused.screen().contains("--pages is for printing"))
  }
}
