import Foundation
import Testing

@testable import HollowCLI

/// OSC 8 hyperlinks: only to terminals that have them, never with a post's own escapes, and never
/// left open by a cut line.
@Suite struct HyperlinkTests {
  private static let open = "\u{1B}]8;;"
  private static let close = "\u{1B}]8;;\u{1B}\\"

  @Test func onlyTerminalsKnownToShowThemGetHyperlinks() {
    #expect(TerminalCapabilities.hyperlinks(["TERM": "xterm-kitty"]))
    #expect(TerminalCapabilities.hyperlinks(["TERM_PROGRAM": "iTerm.app", "TERM": "xterm-256color"]))
    #expect(TerminalCapabilities.hyperlinks(["VTE_VERSION": "7200", "TERM": "xterm-256color"]))
    #expect(!TerminalCapabilities.hyperlinks(["VTE_VERSION": "4800", "TERM": "xterm-256color"]))
    #expect(!TerminalCapabilities.hyperlinks(["TERM": "xterm-256color"]))
    #expect(!TerminalCapabilities.hyperlinks(["TERM": "xterm-kitty", "TMUX": "/tmp/tmux-1/default,1,0"]))
    #expect(!TerminalCapabilities.hyperlinks(["TERM": "screen-256color", "KITTY_WINDOW_ID": "1"]))
    #expect(!TerminalCapabilities.hyperlinks(["TERM": "dumb", "WT_SESSION": "x"]))
    #expect(TerminalCapabilities.hyperlinks(["TERM": "xterm", "FORCE_HYPERLINK": "1"]))
    #expect(!TerminalCapabilities.hyperlinks(["TERM": "xterm-kitty", "FORCE_HYPERLINK": "0"]))
    #expect(TerminalCapabilities(variables: ["TERM": "xterm-kitty"], colors: true).hyperlinks)
  }

  @Test func aPostsAddressIsAHyperlinkOnlyWhereTheTerminalHasThem() {
    let post = ReaderFixtures.post(40_001, "见 https://example.com/a 吧")
    var capabilities = TerminalCapabilities(colorDepth: .none)
    let plain = ReaderTheme(capabilities: capabilities, now: Date(), zone: .utc)
    let without = PostBlock.lines(post, selected: false, quotes: [:], images: [:], theme: plain, width: 80)
    #expect(!without.map(\.text).joined().contains("\u{1B}"))
    #expect(without.contains { $0.text.contains("https://example.com/a") })

    capabilities.hyperlinks = true
    let linked = ReaderTheme(capabilities: capabilities, now: Date(), zone: .utc)
    let with = PostBlock.lines(post, selected: false, quotes: [:], images: [:], theme: linked, width: 80)
    let line = try! #require(with.first { $0.text.contains("example.com") }).text
    #expect(line.contains(Self.open + "https://example.com/a\u{1B}\\https://example.com/a" + Self.close))
    #expect(ColumnClipper.visible(line).contains("见 https://example.com/a 吧"))
  }

  @Test func aPostCannotSmuggleItsOwnEscapesIntoALink() {
    // The text's ESC is replaced before addresses are found: the link stops there.
    let painter = Painter(colors: false)
    var linked = painter
    linked.hyperlinks = true
    let spans = LinkFinder.marking([Span(TerminalSanitizer.sanitize("https://a.example/\u{1B}]8;;http://evil/\u{07}x"))]
    )
    let text = linked.line(spans).text
    #expect(!text.contains("evil/\u{07}"))
    #expect(!text.contains("\u{07}"))
    #expect(text.hasPrefix(Self.open + "https://a.example/\u{1B}\\"))
    // The control itself drops anything but printable ASCII from an address.
    let control = TerminalControl.hyperlink("https://a.example/\u{1B}\\\u{07} x").sequence
    #expect(control == Self.open + "https://a.example/\\x\u{1B}\\")
  }

  @Test func aLinkCutAtTheScreensEdgeIsClosed() {
    var painter = Painter(colors: false)
    painter.hyperlinks = true
    let line = painter.line([Span("ab "), Span("https://example.com/long", .link("https://example.com/long"))])
    let cut = line.clipped(toColumns: 10).text
    #expect(cut.hasSuffix(Self.close))
    #expect(ColumnClipper.visible(cut) == "ab https:/")
    // A line whose link ends inside it gets no second close.
    let whole = line.clipped(toColumns: 80).text
    #expect(whole.components(separatedBy: Self.close).count == 2)
  }

  @Test func aWrappedAddressIsALinkOnEveryLine() {
    var capabilities = TerminalCapabilities(colorDepth: .none)
    capabilities.hyperlinks = true
    let theme = ReaderTheme(capabilities: capabilities, now: Date(), zone: .utc)
    let url = "https://example.com/" + String(repeating: "x", count: 60)
    let lines = PostBlock.lines(
      ReaderFixtures.post(40_002, url), selected: false, quotes: [:], images: [:], theme: theme, width: 40)
    let linked = lines.filter { $0.text.contains(Self.open + url) }
    #expect(linked.count >= 2)
    for line in linked { #expect(line.text.hasSuffix(Self.close) || line.text.contains(Self.close)) }
  }
}
