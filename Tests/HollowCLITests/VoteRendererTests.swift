import Foundation
import HollowKit
import Testing

@testable import HollowCLI

@Suite struct VoteRendererTests {
  private func context(width: Int = 40, limits: RenderLimits = .full) -> RenderContext {
    RenderContext(
      width: width, painter: Painter(colors: false), time: RelativeTime(now: Date(timeIntervalSince1970: 0)),
      limits: limits)
  }

  private func hidden(_ options: [String]) -> Vote {
    Vote(voted: nil, options: options, counts: Dictionary(uniqueKeysWithValues: options.map { ($0, -1) }))
  }

  @Test func shortOptionsArePaddedToTheWidest() {
    let lines = VoteRenderer(context: context()).lines(hidden(["面", "米饭"]), prefix: [Span("  ")])
    #expect(lines == ["  vote (vote to see the counts):", "      面    ?", "      米饭  ?"])
  }

  @Test func oneHugeOptionDoesNotPadTheOthers() {
    let options = [String(repeating: "x", count: 100_000)] + (0..<100).map { "o\($0)" }
    let lines = VoteRenderer(context: context()).lines(hidden(options), prefix: [Span("  ")])
    #expect(lines.allSatisfy { DisplayWidth.of($0.text) <= 40 })
    // Padding stops at the line: a short option and its count stay on one line.
    #expect(lines.contains { $0.text.hasPrefix("      o7 ") && $0.text.hasSuffix("?") })
    #expect(lines.filter { $0.text.hasPrefix("      o") }.count == 100)
  }

  @Test func anOptionWiderThanTheLineStartsBesideItsMark() throws {
    let long = String(repeating: "x", count: 100)
    let vote = Vote(voted: long, options: ["y", long], counts: ["y": 4, long: 3])
    let lines = VoteRenderer(context: context()).lines(vote, prefix: [Span("  ")]).map(\.text)
    // The title names the choice too; the options follow it.
    let start = try #require(lines.firstIndex { $0.hasPrefix("      y") })
    #expect(lines[start + 1].hasPrefix("    ✓ xxx"), "\(lines)")
    #expect(!lines.contains { $0.trimmingCharacters(in: .whitespaces).isEmpty })
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 40 })
  }

  @Test func aListShowsAFewOptionsEachCut() {
    let options = [String(repeating: "x", count: 100_000)] + (0..<100).map { "o\($0)" }
    let lines = VoteRenderer(context: context(limits: .list)).lines(hidden(options), prefix: [Span("  ")])
    let shown = RenderLimits.list.pollOptions ?? 0
    let cut = RenderLimits.list.otherLines ?? 0
    // The title, the huge option (cut, with its marker), the others, and how many more there are.
    #expect(lines.count == 1 + (cut + 1) + (shown - 1) + 1)
    #expect(lines.last?.text == "    … \(options.count - shown) more options")
  }

  @Test func extremeCountsAreShownAsTheyCame() {
    let vote = Vote(voted: "a", options: ["a", "b"], counts: ["a": Int.max, "b": Int.min])
    let lines = VoteRenderer(context: context()).lines(vote, prefix: []).map(\.text)
    #expect(lines.contains { $0.contains("\(Int.max)") })
    #expect(lines.contains { $0.contains("\(Int.min)") })
  }
}
