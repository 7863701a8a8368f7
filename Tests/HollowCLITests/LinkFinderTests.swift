import Foundation
import Testing

@testable import HollowCLI

/// The address recogniser: what is an address, where it ends, and bounded work on hostile text.
@Suite struct LinkFinderTests {
  private func urls(_ text: String) -> [String] {
    LinkFinder.links(in: text).map(\.url)
  }

  @Test func httpAndHttpsAddressesAreFoundAndNothingElse() {
    #expect(
      urls("see https://example.com/a?b=1&c=2#x and http://10.0.0.1:8080/") == [
        "https://example.com/a?b=1&c=2#x", "http://10.0.0.1:8080/",
      ])
    #expect(urls("HTTPS://Example.com/Path") == ["HTTPS://Example.com/Path"])
    #expect(urls("ftp://example.com mailto:a@b.c javascript:alert(1) file:///etc/passwd").isEmpty)
    #expect(urls("http:// https://  http:/x xhttp://example.com").isEmpty)
    #expect(urls("no links here, just 树洞").isEmpty)
  }

  @Test func trailingPunctuationIsNotPartOfTheAddress() {
    #expect(urls("go to https://example.com/x.") == ["https://example.com/x"])
    #expect(
      urls("https://example.com/x, then https://example.com/y!?") == [
        "https://example.com/x", "https://example.com/y",
      ])
    #expect(urls("\"https://example.com/q\"") == ["https://example.com/q"])
    #expect(urls("(see https://example.com/a)") == ["https://example.com/a"])
    #expect(
      urls("https://en.wikipedia.org/wiki/Swift_(language)") == ["https://en.wikipedia.org/wiki/Swift_(language)"])
    #expect(urls("[https://example.com/]") == ["https://example.com/"])
  }

  @Test func cjkTextAndPunctuationEndTheAddress() {
    #expect(urls("看这个https://example.com/a?b=1，很好") == ["https://example.com/a?b=1"])
    #expect(
      urls("链接：https://example.com/x。（https://example.com/y）") == [
        "https://example.com/x", "https://example.com/y",
      ])
    #expect(urls("「https://example.com/z」") == ["https://example.com/z"])
  }

  @Test func rangesAreUTF8OffsetsOfTheAddress() {
    let text = "树洞 https://a.example/ 好"
    let link = try! #require(LinkFinder.links(in: text).first)
    let bytes = Array(text.utf8)
    #expect(String(decoding: bytes[link.range], as: UTF8.self) == "https://a.example/")
  }

  @Test func hostileTextCostsBoundedWork() {
    // A long address is not one; many addresses stop at the limit; a sea of "h" and ":" is linear.
    #expect(urls("https://a" + String(repeating: "b", count: 5000)).isEmpty)
    let many = Array(repeating: "http://a.b/ ", count: 1000).joined()
    #expect(urls(many).count == LinkFinder.maximumLinks)
    let sea = String(repeating: "hhttp:/", count: 200_000)
    let start = ContinuousClock.now
    #expect(urls(sea).isEmpty)
    let closers = "https://a.b/" + String(repeating: ")", count: 2000)
    #expect(urls(closers) == ["https://a.b/"])
    // Generous: linear work on 1.4 MB takes milliseconds; a quadratic scan would take minutes.
    #expect(ContinuousClock.now - start < .seconds(20))
  }

  @Test func markingSplitsSpansAtAddressesAndKeepsTheRest() {
    let spans = LinkFinder.marking([Span("a https://x.example/p b", .plain)])
    #expect(spans == [Span("a "), Span("https://x.example/p", .link("https://x.example/p")), Span(" b")])
    // A highlighted keyword inside an address: the address stays one link.
    let highlighted = LinkFinder.marking([
      Span("go https://x.example/"), Span("cat", .highlight), Span("/z now"),
    ])
    #expect(
      highlighted.filter { $0.style == .link("https://x.example/cat/z") }.map(\.text).joined()
        == "https://x.example/cat/z")
    #expect(highlighted.first == Span("go "))
    #expect(highlighted.last == Span(" now"))
  }
}
