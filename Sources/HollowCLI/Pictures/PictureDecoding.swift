import HollowKit

/// Turns a loaded image into pixels to draw, once per image (the result is kept in
/// ``ImageSlot``): a PNG is decoded (``PNGDecoder``, bounded in size) and, when larger than
/// ``maximumSide`` on a side, box-averaged down to it, since no terminal shows more columns than
/// that and half-block pictures are scaled per width at every render. Other formats, and PNGs that
/// fail to decode, have no pixels: they are shown by their size or passed to a terminal that
/// draws them itself.
///
/// ```swift
/// let slot = ImageSlot.loaded(image, PictureDecoding.bitmap(of: image))
/// ```
enum PictureDecoding {
  /// The largest side of a kept bitmap, in pixels.
  static let maximumSide = 640

  /// The pixels of `image`, or nil when it is not a PNG this decoder reads.
  static func bitmap(of image: LoadedImage) -> Bitmap? {
    guard image.header.format == .png, let bitmap = try? PNGDecoder.decode([UInt8](image.data)) else { return nil }
    return reduced(bitmap)
  }

  /// `bitmap`, shrunk (aspect kept) so neither side exceeds ``maximumSide``.
  static func reduced(_ bitmap: Bitmap) -> Bitmap {
    let side = max(bitmap.width, bitmap.height)
    guard side > maximumSide else { return bitmap }
    let width = max(1, bitmap.width * maximumSide / side)
    let height = max(1, bitmap.height * maximumSide / side)
    return BitmapScaler.scale(bitmap, width: width, height: height)
  }
}
