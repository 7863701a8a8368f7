import Foundation
import Testing

@testable import HollowCLI

@Suite struct InlinePictureTests {
  private let size = PictureSize(columns: 4, pixelRows: 4)

  @Test func kittyTransmitsAndPlacesThePNGInOneChunkWhenSmall() {
    let lines = InlinePicture.kitty(png: Data([1, 2, 3]), size: size)
    #expect(lines.map(\.text) == ["\u{1B}_Ga=T,f=100,q=2,C=1,c=4,r=2,m=0;AQID\u{1B}\\", ""])
  }

  @Test func kittyChunksTheBase64At4096WithMoreFlags() throws {
    let png = Data((0..<(3_072 * 2 + 3)).map { UInt8(truncatingIfNeeded: $0 * 7) })
    let line = try #require(InlinePicture.kitty(png: png, size: size).first).text
    let chunks = line.split(separator: "\u{1B}\\").map { String($0.dropFirst(2)) }  // drop ESC _ ... G
    #expect(chunks.count == 3)
    let keys = chunks.map { $0.prefix { $0 != ";" } }
    #expect(keys == ["Ga=T,f=100,q=2,C=1,c=4,r=2,m=1", "Gq=2,m=1", "Gq=2,m=0"])
    let payloads = chunks.map { String($0.drop { $0 != ";" }.dropFirst()) }
    #expect(payloads.map(\.count) == [4_096, 4_096, 4])
    #expect(payloads.joined() == png.base64EncodedString())
  }

  @Test func iTermGetsTheWholeFileWithItsBox() {
    let lines = InlinePicture.iTerm(image: Data([1, 2, 3]), size: PictureSize(columns: 7, pixelRows: 5))
    #expect(
      lines.map(\.text) == [
        "\u{1B}]1337;File=inline=1;size=3;width=7;height=3;preserveAspectRatio=1:AQID\u{07}", "", "",
      ])
  }

  @Test func theReservedRowsAreReadBack() {
    let prefix = TerminalText("  ")
    #expect(InlinePicture.reservedRows(in: prefix + InlinePicture.kitty(png: Data([1]), size: size)[0]) == 2)
    #expect(InlinePicture.reservedRows(in: InlinePicture.iTerm(image: Data([1]), size: size)[0]) == 2)
    #expect(InlinePicture.reservedRows(in: "plain text ▀") == nil)
    #expect(InlinePicture.reservedRows(in: TerminalText("\u{1B}_Ga=T,r=9;AAAA\u{1B}\\")) == nil, "sanitized: not ours")
  }

  @Test func nothingButKeysAndBase64GetsIntoAnImageSequence() {
    let kitty = TerminalText.control(.kittyGraphics(keys: "a=T\u{1B}\\:x", base64: "QU\u{07}FB\u{1B}\\é=="))
    #expect(kitty.text == "\u{1B}_Ga=Tx;QUFB==\u{1B}\\")
    let iTerm = TerminalText.control(.iTermImage(keys: "inline=1:\u{07}", base64: "AQID\u{9C}"))
    #expect(iTerm.text == "\u{1B}]1337;File=inline=1:AQID\u{07}")
  }

  @Test func deletingEveryPlacementIsOneShortCommand() {
    #expect(InlinePicture.kittyDeleteAll.text == "\u{1B}_Ga=d,d=A,q=2\u{1B}\\")
  }

  @Test func theTextUnderAPictureKeepsItsStyles() {
    let line =
      TerminalText.control(.graphicRendition([2])) + "│ " + InlinePicture.kitty(png: Data([1]), size: size)[0]
      + .control(.graphicRendition([0]))
    #expect(line.removingInlineImages().text == "\u{1B}[2m│ \u{1B}[0m")
  }
}
