/// One sub-image of a PNG's scanlines: where its pixels sit in the image (start and step on each
/// axis) and its size. A non-interlaced image is one pass covering everything; Adam7 has seven.
///
/// ```swift
/// let first = PNGPass(x: 0, y: 0, stepX: 8, stepY: 8, imageWidth: 10, imageHeight: 3)
/// first.width  // 2: columns 0 and 8
/// ```
struct PNGPass: Sendable, Equatable {
  let x: Int
  let y: Int
  let stepX: Int
  let stepY: Int
  /// Pixels per row of this pass.
  let width: Int
  /// Rows of this pass.
  let height: Int

  init(x: Int, y: Int, stepX: Int, stepY: Int, imageWidth: Int, imageHeight: Int) {
    self.x = x
    self.y = y
    self.stepX = stepX
    self.stepY = stepY
    width = imageWidth > x ? (imageWidth - x + stepX - 1) / stepX : 0
    height = imageHeight > y ? (imageHeight - y + stepY - 1) / stepY : 0
  }

  /// Adam7's passes, before they are fitted to an image (their sizes are 0).
  static let adam7: [PNGPass] = [
    (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2),
  ].map { PNGPass(x: $0.0, y: $0.1, stepX: $0.2, stepY: $0.3, imageWidth: 0, imageHeight: 0) }
}
