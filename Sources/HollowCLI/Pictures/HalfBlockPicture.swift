/// A bitmap drawn with Unicode half-blocks: each cell is `▀` with the foreground colour of the
/// top pixel and the background colour of the pixel below, so a cell shows 1 × 2 pixels (and a
/// cell's 1:2 shape makes them square). The bitmap is box-averaged to the size first
/// (``BitmapScaler``). 24-bit colour writes `38;2;r;g;b` / `48;2;r;g;b`; 256 colours write the
/// nearest palette entry (``PaletteColor``). Colours change only where they differ from the cell
/// before, and every line ends with a reset; an odd last pixel row has the terminal's own
/// background under it.
///
/// ```swift
/// let lines = HalfBlockPicture.lines(bitmap, size: PictureSize(columns: 40, pixelRows: 30), depth: .trueColor)
/// lines.count  // 15
/// ```
enum HalfBlockPicture {
  static func lines(_ bitmap: Bitmap, size: PictureSize, depth: TerminalCapabilities.ColorDepth) -> [TerminalText] {
    let scaled = BitmapScaler.scale(bitmap, width: size.columns, height: size.pixelRows)
    var lines: [TerminalText] = []
    lines.reserveCapacity(size.rows)
    for row in stride(from: 0, to: scaled.height, by: 2) {
      var line = TerminalText.empty
      var last: [UInt8] = []
      for x in 0..<scaled.width {
        let top = scaled.pixel(x: x, y: row)
        let bottom = row + 1 < scaled.height ? scaled.pixel(x: x, y: row + 1) : nil
        let codes = rendition(top: top, bottom: bottom, depth: depth)
        if codes != last {
          line += .control(.graphicRendition(codes))
          last = codes
        }
        line += "▀"
      }
      line += .control(.graphicRendition([0]))
      lines.append(line)
    }
    return lines
  }

  /// The SGR parameters of one cell: foreground `top`, background `bottom` (the default, 49, when
  /// there is none).
  static func rendition(
    top: (UInt8, UInt8, UInt8), bottom: (UInt8, UInt8, UInt8)?, depth: TerminalCapabilities.ColorDepth
  ) -> [UInt8] {
    var codes = color(top, layer: 38, depth: depth)
    if let bottom {
      codes += color(bottom, layer: 48, depth: depth)
    } else {
      codes.append(49)
    }
    return codes
  }

  private static func color(_ rgb: (UInt8, UInt8, UInt8), layer: UInt8, depth: TerminalCapabilities.ColorDepth)
    -> [UInt8]
  {
    if depth == .trueColor { return [layer, 2, rgb.0, rgb.1, rgb.2] }
    return [layer, 5, PaletteColor.index(red: rgb.0, green: rgb.1, blue: rgb.2)]
  }
}
