import Foundation
import HollowKit
import Testing

@testable import HollowCLI
@testable import HollowServer

@Suite struct PictureLinesTests {
  private static let png = Data(PNGEncoder.encode(width: 40, height: 20) { x, _ in (UInt8(x * 6), 0, 0) })
  private static let loaded = ImageSlot.loaded(
    LoadedImage(
      url: URL(string: "http://127.0.0.1/a.png")!, data: png,
      header: ImageHeader(format: .png, size: ImageMetadata(width: 40, height: 20)), origin: .network),
    try? PNGDecoder.decode([UInt8](png)))
  private static let jpeg = ImageSlot.loaded(
    LoadedImage(
      url: URL(string: "http://127.0.0.1/b.jpg")!, data: Data([0xFF, 0xD8, 0xFF]),
      header: ImageHeader(format: .jpeg, size: ImageMetadata(width: 64, height: 32)), origin: .network), nil)

  private func theme(_ depth: TerminalCapabilities.ColorDepth, _ image: TerminalCapabilities.ImageProtocol = .none)
    -> ReaderTheme
  {
    ReaderTheme(capabilities: TerminalCapabilities(colorDepth: depth, imageProtocol: image), now: Date())
  }

  @Test func aDecodedPNGIsAHalfBlockPictureWithEnoughColours() throws {
    for depth in [TerminalCapabilities.ColorDepth.trueColor, .palette256] {
      let lines = try #require(PictureLines.lines(Self.loaded, theme: theme(depth), width: 30, rows: 20))
      #expect(lines.count == 8)  // 30 columns × 15 pixel rows
      #expect(lines.allSatisfy { $0.columns == 30 && $0.text.contains("▀") })
    }
  }

  @Test func fewColoursNoColourOrNoPixelsLeaveTheSizeLine() {
    #expect(PictureLines.lines(Self.loaded, theme: theme(.basic), width: 30, rows: 20) == nil)
    #expect(PictureLines.lines(Self.loaded, theme: theme(.none), width: 30, rows: 20) == nil)
    #expect(PictureLines.lines(Self.loaded, theme: theme(.none, .kitty), width: 30, rows: 20) == nil)
    #expect(PictureLines.lines(Self.jpeg, theme: theme(.trueColor), width: 30, rows: 20) == nil)
    #expect(PictureLines.lines(.loading, theme: theme(.trueColor), width: 30, rows: 20) == nil)
    #expect(PictureLines.lines(.failed("no"), theme: theme(.trueColor), width: 30, rows: 20) == nil)
  }

  @Test func kittyGetsThePNGAndITermThePNGOrJPEG() throws {
    let kitty = try #require(PictureLines.lines(Self.loaded, theme: theme(.trueColor, .kitty), width: 30, rows: 20))
    #expect(kitty[0].text.hasPrefix("\u{1B}_Ga=T,f=100,q=2,C=1,c=5,r=2,"))  // 40 px at 8 a column, half as tall
    #expect(kitty.count == 2)
    #expect(PictureLines.lines(Self.jpeg, theme: theme(.trueColor, .kitty), width: 30, rows: 20) == nil)
    let iTerm = try #require(PictureLines.lines(Self.jpeg, theme: theme(.trueColor, .iTerm), width: 30, rows: 20))
    #expect(iTerm[0].text.hasPrefix("\u{1B}]1337;File=inline=1;size=3;width=8;height=2;"))
  }

  @Test func aCitedPostsPictureIsTwoColumnsNarrower() {
    var post = ReaderFixtures.post(1, "see #2")
    post.imagePath = "own.png"
    var cited = ReaderFixtures.post(2)
    cited.imagePath = "cited.png"
    let pictures = PictureLines.all(
      for: [post], quotes: [2: .post(cited, origin: .network)],
      images: ["own.png": Self.loaded, "cited.png": Self.loaded],
      theme: theme(.trueColor), width: 20, rows: 20)
    #expect(pictures["own.png"]?.first?.columns == 20)
    #expect(pictures["cited.png"]?.first?.columns == 18)
  }
}
