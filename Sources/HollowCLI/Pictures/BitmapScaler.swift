/// Shrinks a ``Bitmap`` by box (area) averaging: each target pixel is the mean of the source
/// pixels its box covers, so thin lines fade instead of vanishing or flickering between sizes.
/// A target larger than the source repeats pixels (each box holds at least one).
///
/// ```swift
/// let small = BitmapScaler.scale(bitmap, width: 40, height: 30)
/// ```
enum BitmapScaler {
  static func scale(_ bitmap: Bitmap, width: Int, height: Int) -> Bitmap {
    let width = max(1, width)
    let height = max(1, height)
    if width == bitmap.width && height == bitmap.height { return bitmap }
    let columns = (0..<width).map { box($0, of: width, over: bitmap.width) }
    var rgb = [UInt8](repeating: 0, count: width * height * 3)
    bitmap.rgb.withUnsafeBufferPointer { source in
      for y in 0..<height {
        let rows = box(y, of: height, over: bitmap.height)
        for x in 0..<width {
          let span = columns[x]
          var sums = (0, 0, 0)
          for sourceY in rows {
            var offset = (sourceY * bitmap.width + span.lowerBound) * 3
            for _ in span {
              sums.0 += Int(source[offset])
              sums.1 += Int(source[offset + 1])
              sums.2 += Int(source[offset + 2])
              offset += 3
            }
          }
          let count = rows.count * span.count
          let target = (y * width + x) * 3
          rgb[target] = UInt8((sums.0 + count / 2) / count)
          rgb[target + 1] = UInt8((sums.1 + count / 2) / count)
          rgb[target + 2] = UInt8((sums.2 + count / 2) / count)
        }
      }
    }
    return Bitmap(width: width, height: height, rgb: rgb)
  }

  /// The source indices target index `index` of `count` covers, out of `source`: never empty.
  private static func box(_ index: Int, of count: Int, over source: Int) -> Range<Int> {
    let start = index * source / count
    let end = max(start + 1, (index + 1) * source / count)
    return start..<min(end, source)
  }
}
