import Foundation
import HollowKit
import Testing

@testable import HollowCLI

/// The `L` menu: its items, its keys (a plain state machine), its view, and the opener.
@Suite struct LinkMenuTests {
  private let post = ReaderFixtures.post(40_117, "看 https://a.example/1 和 https://b.example/2。")

  private func comment(_ cid: Int, _ text: String) -> HollowKit.Comment {
    Comment(cid: cid, pid: 40_117, text: text, type: .text, timestamp: 1_700_000_000, name: "Alice")
  }

  @Test func thePostsAddressesThenItsCommentsEachOnce() throws {
    let menu = try #require(
      LinkMenu(
        post: post,
        comments: [comment(3, "again https://a.example/1"), comment(4, "new: http://c.example/x)")]))
    #expect(
      menu.items == [
        LinkMenu.Item(url: "https://a.example/1", source: "#40117"),
        LinkMenu.Item(url: "https://b.example/2", source: "#40117"),
        LinkMenu.Item(url: "http://c.example/x", source: "comment #4"),
      ])
    #expect(LinkMenu(post: ReaderFixtures.post(1, "no links")) == nil)
  }

  @Test func keysMoveOpenAndClose() throws {
    var menu = try #require(LinkMenu(post: post))
    #expect(menu.handle(.character("j")) == .stay)
    #expect(menu.cursor == 1)
    #expect(menu.handle(.character("j")) == .stay)
    #expect(menu.cursor == 1, "stops at the last")
    #expect(menu.handle(.enter) == .open("https://b.example/2"))
    #expect(menu.handle(.character("1")) == .open("https://a.example/1"))
    #expect(menu.handle(.character("3")) == .stay, "no third address")
    #expect(menu.handle(.character("k")) == .stay)
    #expect(menu.cursor == 0)
    #expect(menu.handle(.escape) == .close)
    #expect(menu.handle(.character("q")) == .close)
    #expect(menu.handle(.character("x")) == .stay)
  }

  @Test func theViewNumbersTheAddressesAndMarksTheSelected() throws {
    var menu = try #require(LinkMenu(post: post))
    _ = menu.handle(.down)
    let lines = LinkMenuView.lines(menu, size: ScreenSize(rows: 24, columns: 80), theme: ReaderFixtures.theme)
    let text = lines.map(\.text)
    #expect(text[0].hasPrefix(" hollow · links in #40117 · 2"))
    #expect(text.contains("  1  https://a.example/1"))
    #expect(text.contains("▌ 2  https://b.example/2"))
    #expect(text.contains("▌    #40117"))
    #expect(text[23].contains("Enter or 1-9 opens"))
  }

  @Test func theOpenerRunsXdgOpenWithTheAddress() async throws {
    let folder = CLIHarness.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let opened = folder.appendingPathComponent("opened")
    let script = folder.appendingPathComponent("xdg-open")
    try "#!/bin/sh\nprintf '%s' \"$1\" > \(opened.path)\n".write(to: script, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    let launched = LinkOpener.launch("https://a.example/1?x=1&y=2", variables: ["PATH": folder.path])
    let (child, message) = try launched.get()
    #expect(message == ReaderMessage("opened https://a.example/1?x=1&y=2 with xdg-open"))
    #expect(await child.exitStatus() == 0)
    #expect(try String(contentsOf: opened, encoding: .utf8) == "https://a.example/1?x=1&y=2")
    #expect(LinkOpener.open("https://a.example/", variables: ["PATH": "/nonexistent"]).isError)
  }
}
