import Testing

@testable import HollowCLI

@Suite struct PictureSizeTests {
  @Test func halfBlocksTakeOneColumnPerPixelAndKeepTheAspect() {
    #expect(
      PictureSize.fit(width: 200, height: 100, pixelsPerColumn: 1, columns: 80, rows: 20)
        == PictureSize(columns: 80, pixelRows: 40))
    #expect(
      PictureSize.fit(width: 30, height: 10, pixelsPerColumn: 1, columns: 80, rows: 20)
        == PictureSize(columns: 30, pixelRows: 10))
  }

  @Test func aTallImageIsLimitedByRows() {
    let size = PictureSize.fit(width: 100, height: 400, pixelsPerColumn: 1, columns: 80, rows: 10)
    #expect(size == PictureSize(columns: 5, pixelRows: 20))
    #expect(size.rows == 10)
  }

  @Test func inlineImagesAssumeAColumnOfSeveralPixels() {
    let size = PictureSize.fit(width: 160, height: 160, pixelsPerColumn: 8, columns: 80, rows: 20)
    #expect(size == PictureSize(columns: 20, pixelRows: 20))
    #expect(size.rows == 10)
  }

  @Test func hostileSizesStayInRangeAndNeverEmpty() {
    let huge = PictureSize.fit(width: Int.max, height: 1, pixelsPerColumn: 1, columns: 80, rows: 20)
    #expect(huge.columns == 80 && huge.pixelRows == 1)
    let thin = PictureSize.fit(width: 1, height: Int.max, pixelsPerColumn: 1, columns: 80, rows: 20)
    #expect(thin.columns == 1 && thin.pixelRows == 40)
    #expect(
      PictureSize.fit(width: 0, height: 0, pixelsPerColumn: 0, columns: 0, rows: 0)
        == PictureSize(columns: 1, pixelRows: 1))
  }
}
