import Testing

@testable import HollowCLI

@Suite struct BitmapScalerTests {
  @Test func eachTargetPixelIsTheMeanOfItsBox() {
    // 4 × 2: left half 0 and 100, right half 200 and 255 (one channel shown, all equal).
    let values: [UInt8] = [0, 100, 200, 255, 0, 100, 200, 255]
    let bitmap = Bitmap(width: 4, height: 2, rgb: values.flatMap { [$0, $0, $0] })
    let scaled = BitmapScaler.scale(bitmap, width: 2, height: 1)
    #expect(scaled.width == 2 && scaled.height == 1)
    #expect(scaled.rgb == [50, 50, 50, 228, 228, 228])
  }

  @Test func theSameSizeIsTheSameBitmapAndLargerRepeatsPixels() {
    let bitmap = Bitmap(width: 1, height: 1, rgb: [9, 8, 7])
    #expect(BitmapScaler.scale(bitmap, width: 1, height: 1) == bitmap)
    #expect(BitmapScaler.scale(bitmap, width: 2, height: 2).rgb == [9, 8, 7, 9, 8, 7, 9, 8, 7, 9, 8, 7])
  }

  @Test func unevenBoxesCoverEverySourcePixel() {
    let bitmap = Bitmap(width: 5, height: 1, rgb: [10, 20, 30, 40, 50].flatMap { [$0, 0, 0] })
    // Boxes 0..<1, 1..<3, 3..<5.
    #expect(BitmapScaler.scale(bitmap, width: 3, height: 1).rgb == [10, 0, 0, 25, 0, 0, 45, 0, 0])
  }
}
