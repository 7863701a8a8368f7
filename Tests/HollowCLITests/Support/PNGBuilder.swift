import CZlib

/// Hand-built PNGs for the decoder tests: chunks with zlib's CRC, scanlines compressed with zlib's
/// `compress`, each row's filter applied here (independently of the decoder's unfiltering) and
/// Adam7 passes cut from a full image.
enum PNGBuilder {
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// A whole file from its IHDR fields, raw scanline bytes (filter bytes included) and extra chunks
  /// placed before IDAT.
  static func png(
    width: UInt32, height: UInt32, bitDepth: UInt8, colorType: UInt8, interlace: UInt8 = 0, scanlines: [UInt8],
    before: [[UInt8]] = []
  ) -> [UInt8] {
    signature
      + chunk(
        "IHDR", ihdr(width: width, height: height, bitDepth: bitDepth, colorType: colorType, interlace: interlace))
      + before.joined() + chunk("IDAT", compress(scanlines)) + chunk("IEND", [])
  }

  static func ihdr(width: UInt32, height: UInt32, bitDepth: UInt8, colorType: UInt8, interlace: UInt8 = 0) -> [UInt8] {
    bigEndian(width) + bigEndian(height) + [bitDepth, colorType, 0, 0, interlace]
  }

  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typeAndData = Array(type.utf8) + data
    let crc = typeAndData.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, UInt32($0.count))) }
    return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(crc)
  }

  static func compress(_ data: [UInt8]) -> [UInt8] {
    var size = compressBound(uLong(data.count))
    var output = [UInt8](repeating: 0, count: Int(size))
    let status = output.withUnsafeMutableBufferPointer { out in
      data.withUnsafeBufferPointer { input in
        compress2(out.baseAddress, &size, input.baseAddress, uLong(input.count), 9)
      }
    }
    precondition(status == Z_OK)
    return Array(output.prefix(Int(size)))
  }

  /// `rows` (unfiltered bytes each) filtered with `type` (0...4), each prefixed with its filter byte.
  static func filtered(_ rows: [[UInt8]], type: UInt8, stride: Int) -> [UInt8] {
    var output: [UInt8] = []
    var previous = [UInt8](repeating: 0, count: rows.first?.count ?? 0)
    for row in rows {
      output.append(type)
      for index in row.indices {
        let left = index >= stride ? Int(row[index - stride]) : 0
        let above = Int(previous[index])
        let upperLeft = index >= stride ? Int(previous[index - stride]) : 0
        let prediction: Int
        switch type {
        case 1: prediction = left
        case 2: prediction = above
        case 3: prediction = (left + above) / 2
        case 4: prediction = paeth(left, above, upperLeft)
        default: prediction = 0
        }
        output.append(row[index] &- UInt8(prediction & 0xFF))
      }
      previous = row
    }
    return output
  }

  /// Adam7 scanlines (filter None) of an 8-bit RGB image given as `pixel(x, y)`.
  static func adam7RGB(width: Int, height: Int, pixel: (Int, Int) -> [UInt8]) -> [UInt8] {
    let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    var output: [UInt8] = []
    for (startX, startY, stepX, stepY) in passes {
      let xs = Array(stride(from: startX, to: width, by: stepX))
      guard !xs.isEmpty else { continue }
      for y in stride(from: startY, to: height, by: stepY) {
        output.append(0)
        for x in xs { output += pixel(x, y) }
      }
    }
    return output
  }

  private static func paeth(_ left: Int, _ above: Int, _ upperLeft: Int) -> Int {
    let estimate = left + above - upperLeft
    let (toLeft, toAbove, toUpperLeft) = (abs(estimate - left), abs(estimate - above), abs(estimate - upperLeft))
    if toLeft <= toAbove && toLeft <= toUpperLeft { return left }
    return toAbove <= toUpperLeft ? above : upperLeft
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }
}
