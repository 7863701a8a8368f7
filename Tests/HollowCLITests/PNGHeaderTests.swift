import Testing

@testable import HollowCLI

@Suite struct PNGHeaderTests {
  private func header(width: UInt32, height: UInt32, bitDepth: UInt8, colorType: UInt8, interlace: UInt8 = 0) throws
    -> PNGHeader
  {
    try PNGHeader(
      ihdr: ArraySlice(
        PNGBuilder.ihdr(width: width, height: height, bitDepth: bitDepth, colorType: colorType, interlace: interlace)))
  }

  @Test func theInflatedSizeCountsEveryRowsFilterByteAndPadding() throws {
    #expect(try header(width: 10, height: 3, bitDepth: 8, colorType: 2).inflatedSize == 3 * (1 + 30))
    #expect(try header(width: 9, height: 2, bitDepth: 1, colorType: 0).inflatedSize == 2 * (1 + 2))
    #expect(try header(width: 1, height: 1, bitDepth: 16, colorType: 6).inflatedSize == 1 + 8)
  }

  @Test func adam7LeavesOutEmptyPassesAndCountsTheRest() throws {
    let small = try header(width: 1, height: 1, bitDepth: 8, colorType: 0, interlace: 1)
    #expect(small.passes.count == 1)
    #expect(small.inflatedSize == 2)
    // 8 × 8 grey: passes of 1, 1, 2, 4, 8, 16 and 32 pixels in 1, 1, 1, 2, 2, 4, 4 rows.
    let full = try header(width: 8, height: 8, bitDepth: 8, colorType: 0, interlace: 1)
    #expect(full.passes.map(\.width) == [1, 1, 2, 2, 4, 4, 8])
    #expect(full.passes.map(\.height) == [1, 1, 1, 2, 2, 4, 4])
    #expect(full.inflatedSize == 64 + 15)
  }

  @Test func sizesThatWouldOverflowAreNil() throws {
    let huge = try header(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF, bitDepth: 16, colorType: 6)
    #expect(huge.rowBytes(pixels: Int.max) == nil)
    #expect(huge.inflatedSize == nil, "2^31 rows of 2^34 bytes")
  }

  @Test func onlyTheSpecificationsCombinationsAreRead() {
    #expect(throws: PNGError.malformed("bit depth 4 with colour type 2")) {
      try header(width: 1, height: 1, bitDepth: 4, colorType: 2)
    }
    #expect(throws: PNGError.malformed("colour type 5")) { try header(width: 1, height: 1, bitDepth: 8, colorType: 5) }
    #expect(throws: PNGError.malformed("interlace method 2")) {
      try header(width: 1, height: 1, bitDepth: 8, colorType: 0, interlace: 2)
    }
    #expect(throws: PNGError.malformed("IHDR is 3 bytes, not 13")) { try PNGHeader(ihdr: [1, 2, 3]) }
  }
}
