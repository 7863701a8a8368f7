/// The nearest of the 256-colour palette's fixed colours to an RGB colour: the 6×6×6 cube
/// (indices 16–231, levels 0, 95, 135, 175, 215, 255) or the grey ramp (232–255, 8 to 238 by 10),
/// whichever is closer. The 16 basic colours are left out: terminals set them differently.
///
/// ```swift
/// PaletteColor.index(red: 255, green: 0, blue: 0)  // 196
/// PaletteColor.index(red: 128, green: 128, blue: 128)  // 244
/// ```
enum PaletteColor {
  static let cubeLevels = [0, 95, 135, 175, 215, 255]

  static func index(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
    let color = (Int(red), Int(green), Int(blue))
    let cube = (level(color.0), level(color.1), level(color.2))
    let cubeColor = (cubeLevels[cube.0], cubeLevels[cube.1], cubeLevels[cube.2])
    let average = (color.0 + color.1 + color.2) / 3
    let grey = min(23, max(0, (average - 3) / 10))
    let greyValue = 8 + 10 * grey
    let toCube = distance(color, cubeColor)
    let toGrey = distance(color, (greyValue, greyValue, greyValue))
    if toGrey < toCube { return UInt8(232 + grey) }
    return UInt8(16 + 36 * cube.0 + 6 * cube.1 + cube.2)
  }

  /// The cube level nearest to `value`.
  private static func level(_ value: Int) -> Int {
    if value < 48 { return 0 }
    if value < 115 { return 1 }
    return min(5, (value - 35) / 40)
  }

  private static func distance(_ left: (Int, Int, Int), _ right: (Int, Int, Int)) -> Int {
    let red = left.0 - right.0
    let green = left.1 - right.1
    let blue = left.2 - right.2
    return red * red + green * green + blue * blue
  }
}
