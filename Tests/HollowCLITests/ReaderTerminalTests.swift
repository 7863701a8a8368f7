import Foundation
import TestScheduling
import Testing

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
  private func open(_ arguments: [String] = [], variables: [String: String] = [:]) throws -> TmuxScreen {
    let binary = try #require(PseudoTerminal.binaryPath(), "hollow-cli is not built next to the tests")
    return try TmuxScreen(
      binary: binary, arguments: arguments,
      variables: ["TERM": "xterm-256color", "COLORTERM": "truecolor"].merging(variables) { _, given in given })
  }

  /// The number in the title's "N posts".
  private static func postCount(_ screen: String) -> Int? {
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
    let post = try screen.waitFor("#40353 with its quote") { $0.contains("hollow · #40353") && $0.contains("│ #40182") }
    #expect(post.contains("comments") || post.contains("no comments"))

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
