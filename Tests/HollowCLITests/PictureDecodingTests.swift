import Foundation
import HollowKit
import Testing

@testable import HollowCLI
@testable import HollowServer

@Suite struct PictureDecodingTests {
  private func image(_ data: [UInt8], format: ImageHeader.Format, width: Int, height: Int) -> LoadedImage {
    LoadedImage(
      url: URL(string: "http://127.0.0.1/x")!, data: Data(data),
      header: ImageHeader(format: format, size: ImageMetadata(width: width, height: height)), origin: .network)
  }

  @Test func aPNGIsDecodedAndOtherFormatsOrBrokenFilesAreNot() throws {
    let png = PNGEncoder.encode(width: 3, height: 2) { x, y in (UInt8(x), UInt8(y), 0) }
    let bitmap = try #require(PictureDecoding.bitmap(of: image(png, format: .png, width: 3, height: 2)))
    #expect(bitmap.width == 3 && bitmap.height == 2 && bitmap.pixel(x: 2, y: 1) == (2, 1, 0))
    #expect(PictureDecoding.bitmap(of: image(png, format: .jpeg, width: 3, height: 2)) == nil)
    #expect(PictureDecoding.bitmap(of: image(Array(png.prefix(40)), format: .png, width: 3, height: 2)) == nil)
  }

  @Test func aLargeBitmapIsKeptAtMost640PixelsASideWithItsAspect() {
    let wide = Bitmap(width: 1_280, height: 100, rgb: [UInt8](repeating: 200, count: 1_280 * 100 * 3))
    let reduced = PictureDecoding.reduced(wide)
    #expect(reduced.width == 640 && reduced.height == 50)
    #expect(reduced.pixel(x: 639, y: 49) == (200, 200, 200))
    let small = Bitmap(width: 640, height: 2, rgb: [UInt8](repeating: 1, count: 640 * 2 * 3))
    #expect(PictureDecoding.reduced(small) == small)
  }
}
