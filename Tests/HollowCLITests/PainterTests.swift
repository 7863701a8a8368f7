import Testing

@testable import HollowCLI

@Suite struct PainterTests {
  private let spans = [Span("#42", .pid), Span(" "), Span("5 min ago", .dim), Span("猫", .highlight)]

  @Test func withoutColoursThereAreNoEscapeCodes() {
    let line = Painter(colors: false).line(spans)
    #expect(line == "#42 5 min ago猫")
    #expect(!line.text.contains("\u{1B}"))
  }

  @Test func withColoursStyledSpansAreWrappedInSGRCodes() {
    let line = Painter(colors: true).line(spans)
    #expect(line.text == "\u{1B}[1;36m#42\u{1B}[0m \u{1B}[2m5 min ago\u{1B}[0m\u{1B}[1;30;43m猫\u{1B}[0m")
  }
}
