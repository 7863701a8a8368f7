import Testing

@testable import HollowCLI

@Suite struct FrameDifferTests {
  private let size = ScreenSize(rows: 3, columns: 10)

  @Test func theFirstFrameErasesAndDrawsEveryRow() {
    let frame = Frame(size: size, lines: ["a", "b"])
    let bytes = FrameDiffer.update(from: nil, to: frame).text
    #expect(bytes.contains("\u{1B}[2J"))
    #expect(bytes.contains("\u{1B}[1;1Ha\u{1B}[K"))
    #expect(bytes.contains("\u{1B}[2;1Hb\u{1B}[K"))
    #expect(bytes.contains("\u{1B}[3;1H\u{1B}[K"))
  }

  @Test func onlyChangedRowsAreWritten() {
    let old = Frame(size: size, lines: ["> one", "  two", "  three"])
    let new = Frame(size: size, lines: ["  one", "> two", "  three"])
    let bytes = FrameDiffer.update(from: old, to: new).text
    #expect(!bytes.contains("\u{1B}[2J"))
    #expect(bytes.contains("\u{1B}[1;1H  one"))
    #expect(bytes.contains("\u{1B}[2;1H> two"))
    #expect(!bytes.contains("three"))
    #expect(bytes.utf8.count < 60, "\(bytes.utf8.count) bytes for two short rows")
  }

  @Test func anUnchangedFrameWritesNothing() {
    let frame = Frame(size: size, lines: ["same"])
    #expect(FrameDiffer.update(from: frame, to: frame).isEmpty)
  }

  @Test func aNewSizeRedrawsEverything() {
    let old = Frame(size: size, lines: ["a"])
    let new = Frame(size: ScreenSize(rows: 3, columns: 20), lines: ["a"])
    #expect(FrameDiffer.update(from: old, to: new).text.contains("\u{1B}[2J"))
  }

  @Test func linesAreCutToTheWidthCountingWideCharacters() {
    let frame = Frame(size: ScreenSize(rows: 1, columns: 5), lines: ["树洞树洞"])
    #expect(frame.lines[0].text == "树洞 ")
    #expect(Frame(size: ScreenSize(rows: 1, columns: 4), lines: ["abcdef"]).lines[0].text == "abcd")
  }

  @Test func stylesDoNotCountAsColumnsAndAreResetAtTheEnd() {
    let styled = TerminalText.control(.graphicRendition([1])) + "abcdef"
    let frame = Frame(size: ScreenSize(rows: 1, columns: 3), lines: [styled])
    #expect(frame.lines[0].text == "\u{1B}[1mabc\u{1B}[0m")
    #expect(styled.columns == 6)
  }
}
