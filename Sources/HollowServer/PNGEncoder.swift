import HollowCache

/// Writes 8-bit RGB PNG files: IHDR, one IDAT holding a zlib stream of stored (uncompressed)
/// deflate blocks, IEND. Small and dependency-free; sizes stay modest (the demo images are at most
/// a few hundred pixels wide).
enum PNGEncoder {
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// A `width` × `height` image whose pixel at (x, y) is `pixel(x, y)` as (red, green, blue).
  static func encode(width: Int, height: Int, pixel: (Int, Int) -> (UInt8, UInt8, UInt8)) -> [UInt8] {
    var raw: [UInt8] = []
    raw.reserveCapacity(height * (1 + width * 3))
    for y in 0..<height {
      raw.append(0)  // filter type None
      for x in 0..<width {
        let (red, green, blue) = pixel(x, y)
        raw += [red, green, blue]
      }
    }
    var header: [UInt8] = []
    header += bigEndian(UInt32(width))
    header += bigEndian(UInt32(height))
    header += [8, 2, 0, 0, 0]  // depth 8, colour type RGB, deflate, adaptive filtering, no interlace
    return signature + chunk("IHDR", header) + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
  }

  private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typeAndData = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(CRC32.checksum(typeAndData))
  }

  /// A zlib stream (RFC 1950) of stored deflate blocks (RFC 1951, BTYPE 00) with its Adler-32.
  private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var output: [UInt8] = [0x78, 0x01]
    let maximumBlock = 65_535
    var start = 0
    repeat {
      let end = min(start + maximumBlock, data.count)
      let length = UInt16(end - start)
      output.append(end == data.count ? 1 : 0)
      output += [UInt8(truncatingIfNeeded: length), UInt8(length >> 8)]
      output += [UInt8(truncatingIfNeeded: ~length), UInt8(~length >> 8)]
      output += data[start..<end]
      start = end
    } while start < data.count
    return output + bigEndian(adler32(data))
  }

  static func adler32(_ data: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in data {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    return b << 16 | a
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [
      UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
      UInt8(truncatingIfNeeded: value),
    ]
  }
}
