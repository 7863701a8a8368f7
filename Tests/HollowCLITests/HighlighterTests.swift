import Testing

@testable import HollowCLI

@Suite struct HighlighterTests {
  @Test func marksEveryKeywordIgnoringCase() {
    let spans = Highlighter(keywords: ["cat", "DOG"], colors: true).spans(for: "Cat, dog and CAT")
    #expect(
      spans == [
        Span("Cat", .highlight), Span(", "), Span("dog", .highlight), Span(" and "), Span("CAT", .highlight),
      ])
  }

  @Test func withoutColoursKeywordsAreStarred() {
    let spans = Highlighter(keywords: ["airpods"], colors: false).spans(for: "a lost AirPods case")
    #expect(spans.map(\.text).joined() == "a lost *AirPods* case")
    #expect(!spans.contains { $0.style == .highlight })
  }

  @Test func findsCJKKeywords() {
    let text = Highlighter(keywords: ["食堂", "猫"], colors: false).spans(for: "今天食堂有猫，猫很可爱").map(\.text)
    #expect(text.joined() == "今天*食堂*有*猫*，*猫*很可爱")
  }

  @Test func overlappingKeywordsMarkTheirUnion() {
    let spans = Highlighter(keywords: ["猫", "猫咪"], colors: true).spans(for: "小猫咪")
    #expect(spans == [Span("小"), Span("猫咪", .highlight)])
  }

  @Test func noKeywordsMarkNothing() {
    #expect(Highlighter.none.spans(for: "plain", style: .dim) == [Span("plain", .dim)])
    #expect(Highlighter(keywords: [""], colors: true).spans(for: "abc") == [Span("abc")])
  }

  @Test func aLongTextFullOfMatchesIsMarkedWhole() {
    // A million matches: each one is found without rescanning the text before it.
    let text = String(repeating: "猫", count: 1_000_000)
    let mask = Highlighter(keywords: ["猫"], colors: true).mask(for: text)
    #expect(mask.count == 1_000_000)
    #expect(mask.allSatisfy { $0 })
  }

  @Test func foldsCaseOutsideASCIITooAndMarksOverlaps() {
    let spans = Highlighter(keywords: ["ÄB"], colors: true).spans(for: "xäbx")
    #expect(spans == [Span("x"), Span("äb", .highlight), Span("x")])
    let overlapping = Highlighter(keywords: ["aa"], colors: true).spans(for: "aaa")
    #expect(overlapping == [Span("aaa", .highlight)])
  }
}
