/// Decoded pixels, 8-bit RGB, row by row: what a half-block picture is drawn from.
///
/// ```swift
/// let bitmap = Bitmap(width: 2, height: 1, rgb: [255, 0, 0, 0, 0, 255])
/// bitmap.pixel(x: 1, y: 0)  // (0, 0, 255)
/// ```
struct Bitmap: Sendable, Equatable {
  let width: Int
  let height: Int
  /// `width * height * 3` bytes.
  let rgb: [UInt8]

  init(width: Int, height: Int, rgb: [UInt8]) {
    precondition(rgb.count == width * height * 3, "a bitmap holds 3 bytes per pixel")
    self.width = width
    self.height = height
    self.rgb = rgb
  }

  func pixel(x: Int, y: Int) -> (UInt8, UInt8, UInt8) {
    let offset = (y * width + x) * 3
    return (rgb[offset], rgb[offset + 1], rgb[offset + 2])
  }
}
