import Foundation
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

@Suite struct FrameDifferPictureTests {
  private let size = ScreenSize(rows: 6, columns: 10)
  private let picture = InlinePicture.kitty(png: Data([1, 2, 3]), size: PictureSize(columns: 2, pixelRows: 4))

  private func frame(pictureAt row: Int, _ picture: [TerminalText]? = nil) -> Frame {
    var lines: [TerminalText] = ["title"] + Array(repeating: "text", count: 4) + ["status"]
    for (offset, line) in (picture ?? self.picture).enumerated() { lines[row + offset] = "  " + line }
    return Frame(size: size, lines: lines)
  }

  @Test func pictureIsDrawnAfterTheTextOfEveryRow() throws {
    let bytes = FrameDiffer.update(from: nil, to: frame(pictureAt: 2)).text
    let drawn = try #require(bytes.range(of: "\u{1B}[3;1H  \u{1B}_Ga=T"))
    let lastRow = try #require(bytes.range(of: "\u{1B}[6;1Hstatus\u{1B}[K"))
    #expect(lastRow.upperBound <= drawn.lowerBound)
    #expect(bytes.contains("\u{1B}[3;1H  \u{1B}[0m\u{1B}[K"), "the text under it, without the image")
    #expect(bytes.components(separatedBy: "\u{1B}_Ga=T").count == 2, "drawn once")
  }

  @Test func anUnchangedPictureIsNotSentAgain() {
    let shown = frame(pictureAt: 2)
    let next = Frame(size: size, lines: ["title", "changed", "  " + picture[0], "  ", "text", "status"])
    let bytes = FrameDiffer.update(from: shown, to: next).text
    #expect(bytes.contains("changed"))
    #expect(!bytes.contains("\u{1B}_G"))
  }

  @Test func aMovedPictureIsDeletedAndItsOldAndNewRowsRewritten() {
    let bytes = FrameDiffer.update(from: frame(pictureAt: 2), to: frame(pictureAt: 1)).text
    #expect(bytes.contains(InlinePicture.kittyDeleteAll.text))
    for row in 2...4 { #expect(bytes.contains("\u{1B}[\(row);1H")) }
    #expect(bytes.contains("\u{1B}[2;1H  \u{1B}_Ga=T"))
    #expect(!bytes.contains("\u{1B}[6;1H"), "the status line did not change")
  }

  @Test func aPictureGoneFromTheScreenIsDeleted() {
    let plain = Frame(size: size, lines: ["title", "a", "b", "c", "d", "status"])
    let bytes = FrameDiffer.update(from: frame(pictureAt: 2), to: plain).text
    #expect(bytes.contains(InlinePicture.kittyDeleteAll.text))
    #expect(bytes.contains("\u{1B}[3;1Hb\u{1B}[K") && bytes.contains("\u{1B}[4;1Hc\u{1B}[K"))
  }

  @Test func aPictureThatWouldCoverTheStatusLineIsLeftOut() {
    let cut = frame(pictureAt: 4)
    #expect(cut.pictures.isEmpty)
    #expect(!cut.lines[4].text.contains("\u{1B}_G"))
    #expect(frame(pictureAt: 3).pictures == [3: 2])
  }

  @Test func iTermPicturesAreRedrawnWithoutAKittyDelete() {
    let iTerm = InlinePicture.iTerm(image: Data([1]), size: PictureSize(columns: 2, pixelRows: 4))
    let bytes = FrameDiffer.update(from: frame(pictureAt: 2, iTerm), to: frame(pictureAt: 1, iTerm)).text
    #expect(!bytes.contains("\u{1B}_G"))
    #expect(bytes.contains("\u{1B}[2;1H  \u{1B}]1337;File="))
    #expect(bytes.contains("\u{1B}[4;1Htext\u{1B}[K"), "the row the old picture covered is rewritten")
  }

  @Test func aSmallerScreenAfterAPictureRedrawsWithoutIt() {
    let smaller = Frame(size: ScreenSize(rows: 3, columns: 10), lines: ["title", "x", "status"])
    let bytes = FrameDiffer.update(from: frame(pictureAt: 3), to: smaller).text
    #expect(bytes.contains("\u{1B}[2J") && bytes.contains(InlinePicture.kittyDeleteAll.text))
    #expect(!bytes.contains("a=T"))
  }

  @Test func framesWithoutPicturesWriteNoPictureSequences() {
    let bytes = FrameDiffer.update(from: nil, to: Frame(size: size, lines: ["a", "b"])).text
    #expect(!bytes.contains("\u{1B}_G") && !bytes.contains("1337"))
  }
}

/// The terminal modes the reader takes and gives back: bracketed paste on with the alternate
/// screen, off again on suspend (the editor) and on every restore.
@Suite struct FullScreenTerminalModeTests {
  @Test func bracketedPasteIsOnWhileTheReaderOwnsTheTerminalAndOffOnEveryWayOut() throws {
    let pair = try PseudoTerminal.openPair()
    defer {
      close(pair.master)
      close(pair.terminal)
    }
    let output = CapturedOutput()
    let terminal = try FullScreenTerminal.open(input: pair.terminal, output: output)
    #expect(output.text.contains("\u{1B}[?1049h") && output.text.contains("\u{1B}[?2004h"))
    terminal.suspend()
    #expect(output.text.hasSuffix("\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l"))
    try terminal.resume()
    #expect(output.text.components(separatedBy: "\u{1B}[?2004h").count == 3)
    terminal.restore()
    #expect(output.text.hasSuffix("\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l"))
    terminal.restore()  // once only
    #expect(output.text.components(separatedBy: "\u{1B}[?2004l").count == 3)
  }
}
