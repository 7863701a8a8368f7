import Foundation
import TestScheduling
import Testing

@testable import HollowCLI
@testable import HollowServer

@Suite(.offCooperativePool) struct PNGDecoderTests {
  private typealias RGB = [UInt8]

  /// A one-row image's pixels, decoded.
  private func row(
    width: UInt32, bitDepth: UInt8, colorType: UInt8, bytes: [UInt8], before: [[UInt8]] = [],
    background: (UInt8, UInt8, UInt8) = (0, 0, 0)
  ) throws -> [UInt8] {
    let png = PNGBuilder.png(
      width: width, height: 1, bitDepth: bitDepth, colorType: colorType, scanlines: [0] + bytes, before: before)
    return try PNGDecoder.decode(png, background: background).rgb
  }

  private func grey(_ values: [UInt8]) -> [UInt8] { values.flatMap { [$0, $0, $0] } }

  @Test func readsTheDemoServersPNGs() throws {
    let png = PNGEncoder.encode(width: 151, height: 37) { x, y in (UInt8(x), UInt8(y), 7) }
    let bitmap = try PNGDecoder.decode(png)
    #expect(bitmap.width == 151 && bitmap.height == 37)
    #expect(bitmap.pixel(x: 150, y: 36) == (150, 36, 7))
    #expect(bitmap.pixel(x: 3, y: 20) == (3, 20, 7))
  }

  @Test func readsGreyAtEveryBitDepth() throws {
    #expect(
      try row(width: 8, bitDepth: 1, colorType: 0, bytes: [0b1010_1010]) == grey([255, 0, 255, 0, 255, 0, 255, 0]))
    #expect(try row(width: 4, bitDepth: 2, colorType: 0, bytes: [0b0001_1011]) == grey([0, 85, 170, 255]))
    #expect(try row(width: 3, bitDepth: 4, colorType: 0, bytes: [0x0F, 0x80]) == grey([0, 255, 136]))
    #expect(try row(width: 2, bitDepth: 8, colorType: 0, bytes: [0x80, 0x01]) == grey([128, 1]))
    #expect(try row(width: 1, bitDepth: 16, colorType: 0, bytes: [0x12, 0x34]) == grey([0x12]))
  }

  @Test func readsRGBAt8And16Bits() throws {
    #expect(try row(width: 1, bitDepth: 8, colorType: 2, bytes: [1, 2, 3]) == [1, 2, 3])
    #expect(try row(width: 1, bitDepth: 16, colorType: 2, bytes: [0xFF, 0, 0x80, 0x11, 0, 0xFF]) == [255, 128, 0])
  }

  @Test func readsPalettesAtEveryBitDepth() throws {
    let plte = PNGBuilder.chunk("PLTE", [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120])
    #expect(
      try row(width: 3, bitDepth: 1, colorType: 3, bytes: [0b0100_0000], before: [plte]) == [
        10, 20, 30, 40, 50, 60, 10, 20, 30,
      ])
    #expect(
      try row(width: 4, bitDepth: 2, colorType: 3, bytes: [0b1110_0100], before: [plte]) == [
        100, 110, 120, 70, 80, 90, 40, 50, 60, 10, 20, 30,
      ])
    #expect(try row(width: 2, bitDepth: 4, colorType: 3, bytes: [0x21], before: [plte]) == [70, 80, 90, 40, 50, 60])
    #expect(try row(width: 1, bitDepth: 8, colorType: 3, bytes: [3], before: [plte]) == [100, 110, 120])
  }

  @Test func compositesAlphaOverTheBackground() throws {
    // Grey + alpha, 8 and 16 bits: opaque, transparent, half.
    #expect(try row(width: 3, bitDepth: 8, colorType: 4, bytes: [200, 255, 200, 0, 200, 128]) == grey([200, 0, 100]))
    #expect(try row(width: 1, bitDepth: 16, colorType: 4, bytes: [200, 0, 0, 0], background: (9, 9, 9)) == grey([9]))
    // RGBA, 8 and 16 bits, over white.
    let white: (UInt8, UInt8, UInt8) = (255, 255, 255)
    #expect(try row(width: 1, bitDepth: 8, colorType: 6, bytes: [0, 0, 0, 0], background: white) == [255, 255, 255])
    #expect(try row(width: 1, bitDepth: 16, colorType: 6, bytes: [0, 0, 0xFF, 0, 0, 0, 0xFF, 0xFF]) == [0, 255, 0])
  }

  @Test func tRNSMakesPaletteEntriesAndColourKeysTransparent() throws {
    let plte = PNGBuilder.chunk("PLTE", [10, 20, 30, 40, 50, 60])
    let alphas = PNGBuilder.chunk("tRNS", [0])
    #expect(
      try row(width: 2, bitDepth: 8, colorType: 3, bytes: [0, 1], before: [plte, alphas]) == [0, 0, 0, 40, 50, 60])
    let greyKey = PNGBuilder.chunk("tRNS", [0, 7])
    #expect(
      try row(width: 2, bitDepth: 8, colorType: 0, bytes: [7, 8], before: [greyKey], background: (1, 1, 1)) == [
        1, 1, 1, 8, 8, 8,
      ])
    let rgbKey = PNGBuilder.chunk("tRNS", [0, 1, 0, 2, 0, 3])
    #expect(
      try row(width: 2, bitDepth: 8, colorType: 2, bytes: [1, 2, 3, 1, 2, 4], before: [rgbKey]) == [0, 0, 0, 1, 2, 4])
  }

  @Test(arguments: [UInt8(0), 1, 2, 3, 4])
  func undoesEveryFilter(type: UInt8) throws {
    let width = 7
    let height = 5
    let rows = (0..<height).map { y in
      (0..<(width * 3)).map { UInt8(truncatingIfNeeded: $0 * 37 + y * 91 + $0 * y * 13) }
    }
    let png = PNGBuilder.png(
      width: UInt32(width), height: UInt32(height), bitDepth: 8, colorType: 2,
      scanlines: PNGBuilder.filtered(rows, type: type, stride: 3))
    #expect(try PNGDecoder.decode(png).rgb == rows.flatMap { $0 })
  }

  @Test func undoesFiltersOnSubBytePixelsWithAStrideOfOneByte() throws {
    let rows: [[UInt8]] = [[0b1011_0000], [0b0110_0000]]
    let png = PNGBuilder.png(
      width: 4, height: 2, bitDepth: 1, colorType: 0, scanlines: PNGBuilder.filtered(rows, type: 4, stride: 1))
    #expect(try PNGDecoder.decode(png).rgb == grey([255, 0, 255, 255, 0, 255, 255, 0]))
  }

  @Test(arguments: [(1, 1), (3, 2), (9, 7), (17, 12)])
  func readsAdam7Interlacing(width: Int, height: Int) throws {
    let pixel = { (x: Int, y: Int) -> [UInt8] in [UInt8(x * 10), UInt8(y * 10), UInt8((x + y) % 256)] }
    let png = PNGBuilder.png(
      width: UInt32(width), height: UInt32(height), bitDepth: 8, colorType: 2, interlace: 1,
      scanlines: PNGBuilder.adam7RGB(width: width, height: height, pixel: pixel))
    let bitmap = try PNGDecoder.decode(png)
    let expected = (0..<height).flatMap { y in (0..<width).flatMap { x in pixel(x, y) } }
    #expect(bitmap.rgb == expected)
  }

  @Test func skipsAncillaryChunksAndRefusesUnknownCriticalOnes() throws {
    let text = PNGBuilder.chunk("tEXt", Array("Comment\0hi".utf8))
    #expect(try row(width: 1, bitDepth: 8, colorType: 0, bytes: [5], before: [text]) == grey([5]))
    let critical = PNGBuilder.chunk("ABCD", [1])
    #expect(throws: PNGError.unsupported("critical chunk ABCD")) {
      try row(width: 1, bitDepth: 8, colorType: 0, bytes: [5], before: [critical])
    }
  }
}
