import HollowCache

/// Decodes a PNG into 8-bit RGB: the signature, then each chunk with its CRC checked (IHDR first;
/// PLTE, tRNS, IDAT, IEND read; other ancillary chunks skipped, unknown critical ones refused),
/// the IDAT data inflated into exactly the size IHDR implies (``PNGInflater``), the filters undone
/// (``PNGUnfilter``), Adam7 interlacing put back together, and the pixels converted with alpha
/// composited over `background` (``PNGPixels``). Every colour type and bit depth of the
/// specification is read.
///
/// Hostile input fails with a ``PNGError`` in time and memory bounded by the input and the caps:
/// at most ``maximumPixels`` pixels and ``maximumInflatedBytes`` bytes of scanlines.
///
/// ```swift
/// let bitmap = try PNGDecoder.decode(bytes)
/// print(bitmap.width, bitmap.height)
/// ```
enum PNGDecoder {
  /// 16 Mi pixels (4096 × 4096): more than a 4K screenshot, while the RGB result stays at 48 MiB.
  static let maximumPixels = 16_777_216
  /// 64 MiB of inflated scanlines: 16-bit RGBA pays 8 bytes a pixel, so its cap is 8 Mi pixels.
  static let maximumInflatedBytes = 64 << 20

  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  static func decode(_ bytes: [UInt8], background: (UInt8, UInt8, UInt8) = (0, 0, 0)) throws(PNGError) -> Bitmap {
    guard bytes.count >= signature.count else { throw .truncated("signature") }
    guard bytes.starts(with: signature) else { throw .notPNG }
    var header: PNGHeader?
    var palette: [UInt8] = []
    var transparency: [UInt8] = []
    var compressed: [UInt8] = []
    var offset = signature.count
    var ended = false
    while !ended {
      guard bytes.count - offset >= 8 else { throw .truncated("chunk header at byte \(offset)") }
      let length = Int(PNGHeader.uint32(bytes, at: offset))
      let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
      guard length <= 0x7FFF_FFFF, bytes.count - offset - 12 >= length else { throw .truncated("chunk \(type)") }
      let data = bytes[(offset + 8)..<(offset + 8 + length)]
      let stored = PNGHeader.uint32(bytes, at: offset + 8 + length)
      guard CRC32.checksum(bytes[(offset + 4)..<(offset + 8 + length)]) == stored else {
        throw .badChecksum(chunk: type)
      }
      offset += 12 + length
      if header == nil && type != "IHDR" { throw .malformed("\(type) before IHDR") }
      switch type {
      case "IHDR":
        guard header == nil else { throw .malformed("a second IHDR") }
        header = try PNGHeader(ihdr: data)
      case "PLTE":
        guard data.count % 3 == 0, !data.isEmpty, data.count <= 768 else {
          throw .malformed("PLTE of \(data.count) bytes")
        }
        palette = Array(data)
      case "tRNS":
        transparency = Array(data)
      case "IDAT":
        compressed += data
      case "IEND":
        ended = true
      default:
        // Bit 5 of the first letter clear (upper case): critical, and not one we know.
        if let first = type.utf8.first, first & 0x20 == 0 { throw .unsupported("critical chunk \(type)") }
      }
    }
    guard let header else { throw .malformed("no IHDR") }
    guard !compressed.isEmpty else { throw .malformed("no IDAT") }
    if header.colorType == .palette, palette.isEmpty { throw .malformed("a palette image without PLTE") }
    return try pixels(header, compressed, palette: palette, transparency: transparency, background: background)
  }

  private static func pixels(
    _ header: PNGHeader, _ compressed: [UInt8], palette: [UInt8], transparency: [UInt8],
    background: (UInt8, UInt8, UInt8)
  ) throws(PNGError) -> Bitmap {
    let (pixelCount, overflow) = header.width.multipliedReportingOverflow(by: header.height)
    guard !overflow, pixelCount <= maximumPixels else {
      throw .tooLarge("\(header.width)x\(header.height) pixels; at most \(maximumPixels)")
    }
    guard let inflatedSize = header.inflatedSize, inflatedSize <= maximumInflatedBytes else {
      throw .tooLarge("\(header.width)x\(header.height) at \(header.bitsPerPixel) bits a pixel")
    }
    var raw = try PNGInflater.inflate(compressed, expectedSize: inflatedSize)
    let converter = PNGPixels(header: header, palette: palette, transparency: transparency, background: background)
    var rgb = [UInt8](repeating: 0, count: pixelCount * 3)
    var start = 0
    for pass in header.passes {
      // inflatedSize was computed from these same sizes without overflow.
      let rowBytes = header.rowBytes(pixels: pass.width) ?? 0
      try PNGUnfilter.apply(&raw, start: start, rows: pass.height, rowBytes: rowBytes, stride: header.filterStride)
      for row in 0..<pass.height {
        let line = start + row * (rowBytes + 1) + 1
        let rowStart = (pass.y + row * pass.stepY) * header.width
        try converter.convert(raw, line: line, count: pass.width, into: &rgb) { index in
          (rowStart + pass.x + index * pass.stepX) * 3
        }
      }
      start += pass.height * (rowBytes + 1)
    }
    return Bitmap(width: header.width, height: header.height, rgb: rgb)
  }
}
