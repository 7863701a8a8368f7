import Testing

@testable import HollowCLI

@Suite struct TextWrapperTests {
  private func plain(_ lines: [[Span]]) -> [String] {
    lines.map { $0.map(\.text).joined() }
  }

  @Test func wrapsLatinTextAtSpaces() {
    #expect(plain(TextWrapper(width: 10).wrap("the quick brown fox")) == ["the quick", "brown fox"])
  }

  @Test func wrapsCJKByDisplayWidthBetweenAnyCharacters() {
    let lines = plain(TextWrapper(width: 10).wrap("树洞树洞树洞"))
    #expect(lines == ["树洞树洞树", "洞"])
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 10 })
  }

  @Test func neverPutsAWideCharacterAcrossTheEdge() {
    // "ab" (2) + 4 ideographs (8) = 10; the fifth ideograph would need columns 11-12.
    let lines = plain(TextWrapper(width: 11).wrap("ab树洞树洞树"))
    #expect(lines == ["ab树洞树洞", "树"])
  }

  @Test func mixedTextStaysWithinTheWidth() {
    let text = "今天食堂的麻辣香锅 really was the best thing 真的太好吃了 🙏 #40219 见#40100"
    for width in [1, 2, 5, 9, 13, 20, 37] {
      let lines = plain(TextWrapper(width: width).wrap(text))
      #expect(lines.allSatisfy { DisplayWidth.of($0) <= max(width, 2) }, "width \(width): \(lines)")
      #expect(lines.joined().filter { $0 != " " } == text.filter { $0 != " " }, "width \(width) lost text")
    }
  }

  @Test func cutsAWordLongerThanALine() {
    #expect(plain(TextWrapper(width: 4).wrap("abcdefghij")) == ["abcd", "efgh", "ij"])
  }

  @Test func keepsNewlinesAsLineBreaks() {
    #expect(plain(TextWrapper(width: 40).wrap("one\ntwo\n\nthree")) == ["one", "two", "", "three"])
  }

  @Test func showsControlCharactersHarmlessly() {
    let lines = plain(TextWrapper(width: 40).wrap("red\u{1B}[31m\tbell\u{7}"))
    // The whole escape sequence is one replacement character.
    #expect(lines == ["red\u{FFFD} bell\u{FFFD}"])
  }

  @Test func keepsStylesAcrossWrappedLines() {
    let lines = TextWrapper(width: 7).wrap([Span("ab "), Span("cdef gh", .highlight)])
    #expect(lines == [[Span("ab "), Span("cdef", .highlight)], [Span("gh", .highlight)]])
  }

  @Test func emptyTextIsOneEmptyLine() {
    #expect(plain(TextWrapper(width: 10).wrap("")) == [""])
  }

  @Test func keepsTheFirstLinesAndCountsTheRest() {
    let text = (1...50).map { "line\($0)" }.joined(separator: "\n")
    let (lines, hidden) = TextWrapper(width: 10).wrap([Span(text)], maximumLines: 3)
    #expect(plain(lines) == ["line1", "line2", "line3"])
    #expect(hidden == 47)
    let (all, none) = TextWrapper(width: 10).wrap([Span(text)], maximumLines: nil)
    #expect(all.count == 50)
    #expect(none == 0)
  }

  @Test func countingTheRestMatchesWrappingIt() {
    let text = String(repeating: "树洞 the quick brown 狐狸 jumps ", count: 300) + String(repeating: "x", count: 500)
    for width in [7, 20, 33] {
      let all = TextWrapper(width: width).wrap(text).count
      let (kept, hidden) = TextWrapper(width: width).wrap([Span(text)], maximumLines: 5)
      #expect(kept.count == 5)
      #expect(kept.count + hidden == all, "width \(width)")
    }
  }

  @Test func aMillionSpacesCostNothing() {
    let text = "a" + String(repeating: " ", count: 1_000_000) + "b"
    #expect(plain(TextWrapper(width: 10).wrap(text)) == ["a", "b"])
    #expect(plain(TextWrapper(width: 10).wrap(String(repeating: " ", count: 1_000_000))) == [""])
  }

  @Test func spacesThatFitStayBetweenWords() {
    #expect(plain(TextWrapper(width: 20).wrap("a   b")) == ["a   b"])
    #expect(plain(TextWrapper(width: 20).wrap("   indented")) == ["   indented"])
    #expect(plain(TextWrapper(width: 4).wrap("ab  cd")) == ["ab", "cd"])
  }
}
