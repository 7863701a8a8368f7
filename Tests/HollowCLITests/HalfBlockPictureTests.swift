import Testing

@testable import HollowCLI

@Suite struct HalfBlockPictureTests {
  private let bitmap = Bitmap(
    width: 2, height: 4,
    rgb: [
      255, 0, 0, 0, 255, 0,  // red, green
      0, 0, 255, 255, 255, 255,  // blue, white
      0, 0, 0, 0, 0, 0,  // black, black
      128, 128, 128, 128, 128, 128,  // grey, grey
    ])

  @Test func eachCellShowsTheTopPixelInFrontOfTheBottomOneIn24BitColour() {
    let lines = HalfBlockPicture.lines(bitmap, size: PictureSize(columns: 2, pixelRows: 4), depth: .trueColor)
    #expect(
      lines.map(\.text) == [
        "\u{1B}[38;2;255;0;0;48;2;0;0;255m▀\u{1B}[38;2;0;255;0;48;2;255;255;255m▀\u{1B}[0m",
        "\u{1B}[38;2;0;0;0;48;2;128;128;128m▀▀\u{1B}[0m",
      ])
    #expect(lines.allSatisfy { $0.columns == 2 })
  }

  @Test func twoHundredFiftySixColoursUseThePalette() {
    let lines = HalfBlockPicture.lines(bitmap, size: PictureSize(columns: 2, pixelRows: 4), depth: .palette256)
    #expect(lines[0].text == "\u{1B}[38;5;196;48;5;21m▀\u{1B}[38;5;46;48;5;231m▀\u{1B}[0m")
    #expect(lines[1].text == "\u{1B}[38;5;16;48;5;244m▀▀\u{1B}[0m")
  }

  @Test func anOddLastPixelRowHasTheDefaultBackground() {
    let three = Bitmap(width: 1, height: 3, rgb: [1, 2, 3, 4, 5, 6, 7, 8, 9])
    let lines = HalfBlockPicture.lines(three, size: PictureSize(columns: 1, pixelRows: 3), depth: .trueColor)
    #expect(lines.map(\.text) == ["\u{1B}[38;2;1;2;3;48;2;4;5;6m▀\u{1B}[0m", "\u{1B}[38;2;7;8;9;49m▀\u{1B}[0m"])
  }

  @Test func theBitmapIsScaledToTheSize() {
    // 2 × 4 halved: one cell, the average of the top and bottom halves.
    let lines = HalfBlockPicture.lines(bitmap, size: PictureSize(columns: 1, pixelRows: 2), depth: .trueColor)
    #expect(lines.map(\.text) == ["\u{1B}[38;2;128;128;128;48;2;64;64;64m▀\u{1B}[0m"])
  }
}
