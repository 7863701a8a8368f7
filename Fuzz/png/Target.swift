// hollow-cli's PNG decoder on any bytes from an image host: a bitmap of the size IHDR announced, or a
// PNGError; never a crash, and memory bounded by its caps.
@testable import HollowCLI

func fuzz(_ bytes: [UInt8]) {
  guard let bitmap = try? PNGDecoder.decode(bytes) else { return }
  guard bitmap.width > 0, bitmap.height > 0, bitmap.width * bitmap.height <= PNGDecoder.maximumPixels else {
    fuzzFailure("decoded a \(bitmap.width)x\(bitmap.height) bitmap")
  }
}
