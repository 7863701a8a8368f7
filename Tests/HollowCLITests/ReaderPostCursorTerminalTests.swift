import Foundation
import Testing

@testable import HollowCLI

/// The post screen's cursor in a real pseudo-terminal (tmux): a citation opens and `h` comes back
/// to the same place; `:` and a pid open a post.
extension ReaderTerminalTests {
  /// The rows above the status line: what `h` must bring back unchanged.
  private static func body(_ screen: String) -> [Substring] {
    screen.split(separator: "\n", omittingEmptySubsequences: false).dropLast(2)
  }

  @Test func aCitationOpensAndHComesBackToTheSamePlace() throws {
    let screen = try open()
    try select(3, pid: 40353, on: screen)
    try screen.send("Enter")
    // #40353 cites #40182; both pictures drawn, so nothing on screen changes later.
    try screen.waitFor("#40353 with its quote") {
      $0.contains("hollow · #40353") && $0.contains("│ #40182") && $0.contains(" fresh")
    }
    try screen.send("j")
    let before = try screen.waitFor("the cursor on the citation") { $0.contains("▌  │ #40182") }
    try screen.send("Enter")
    try screen.waitFor("#40182") { $0.contains("hollow · #40182") && $0.contains(" fresh") }
    try screen.send("h")
    let back = try screen.waitFor("#40353 again") { $0.contains("hollow · #40353") }
    #expect(Self.body(back) == Self.body(before), "before:\n\(before)\nback:\n\(back)")
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
