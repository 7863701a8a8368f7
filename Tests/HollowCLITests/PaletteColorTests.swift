import Testing

@testable import HollowCLI

@Suite struct PaletteColorTests {
  @Test(arguments: [
    ((255, 0, 0), 196), ((0, 255, 0), 46), ((0, 0, 255), 21), ((255, 255, 255), 231), ((0, 0, 0), 16),
    ((95, 135, 175), 67), ((128, 128, 128), 244), ((8, 8, 8), 232), ((238, 238, 238), 255), ((100, 100, 100), 241),
  ])
  func mapsToTheNearestCubeColourOrGrey(rgb: (Int, Int, Int), index: Int) {
    #expect(PaletteColor.index(red: UInt8(rgb.0), green: UInt8(rgb.1), blue: UInt8(rgb.2)) == UInt8(index))
  }

  @Test func everyColourMapsInsideTheFixedPart() {
    for value in stride(from: 0, through: 255, by: 5) {
      let index = PaletteColor.index(red: UInt8(value), green: UInt8(255 - value), blue: UInt8(value / 2))
      #expect(index >= 16)
    }
  }
}
