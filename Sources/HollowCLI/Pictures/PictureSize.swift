/// How big an image is drawn: the cells it takes (columns and rows) with its aspect kept, given the
/// room. A cell is about twice as tall as wide, so a box of `columns` × `rows` cells shows
/// `columns` × `2 * rows` square pixels: a half-block picture draws exactly that, and an inline
/// image is asked to fill that box.
///
/// ```swift
/// let size = PictureSize.fit(width: 200, height: 100, pixelsPerColumn: 1, columns: 80, rows: 20)
/// size.columns  // 80
/// size.pixelRows  // 40: 80 × 100 / 200
/// ```
struct PictureSize: Sendable, Equatable {
  let columns: Int
  /// Square-pixel rows: two per cell row.
  let pixelRows: Int

  var rows: Int { (pixelRows + 1) / 2 }

  /// An image of `width` × `height` pixels at `pixelsPerColumn` (1 for half-blocks, where a pixel
  /// is half a cell; about 8 for a terminal that draws real pixels), shrunk to at most `columns`
  /// columns and `rows` rows; never enlarged, never empty.
  static func fit(width: Int, height: Int, pixelsPerColumn: Int, columns: Int, rows: Int) -> PictureSize {
    let width = max(1, width)
    let height = max(1, height)
    // Doubles: sizes come from the wire (IHDR, metadata) and must not overflow Int arithmetic.
    let natural = (Double(width) / Double(max(1, pixelsPerColumn))).rounded(.up)
    var fittedColumns = min(Double(max(1, columns)), natural)
    var fittedPixelRows = max(1, (fittedColumns * Double(height) / Double(width)).rounded())
    let maximumPixelRows = Double(max(1, rows) * 2)
    if fittedPixelRows > maximumPixelRows {
      fittedPixelRows = maximumPixelRows
      fittedColumns = max(1, min(fittedColumns, (maximumPixelRows * Double(width) / Double(height)).rounded()))
    }
    return PictureSize(columns: Int(fittedColumns), pixelRows: Int(fittedPixelRows))
  }
}
