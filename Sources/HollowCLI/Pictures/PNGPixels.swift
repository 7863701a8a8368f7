/// Turns unfiltered PNG scanlines into 8-bit RGB: samples unpacked (1, 2 and 4 bits MSB first, 16
/// bits cut to their high byte), grey expanded, palette indices looked up (an index past the
/// palette is an error), and transparency (an alpha channel, or tRNS's palette alphas or colour
/// key) composited over `background`.
///
/// ```swift
/// let pixels = PNGPixels(header: header, palette: palette, transparency: trns, background: (0, 0, 0))
/// try pixels.convert(row, pixels: pass.width) { x, rgb in ... }
/// ```
struct PNGPixels {
  let header: PNGHeader
  /// PLTE's entries, 3 bytes each.
  let palette: [UInt8]
  /// tRNS's data, as read.
  let transparency: [UInt8]
  let background: (UInt8, UInt8, UInt8)

  /// Writes the RGB of the `count` pixels of the scanline at `line` in `data` into `output`: pixel
  /// `i` goes to byte offset `target(i)`.
  func convert(
    _ data: [UInt8], line: Int, count: Int, into output: inout [UInt8], target: (Int) -> Int
  ) throws(PNGError) {
    let depth = header.bitDepth
    let channels = header.colorType.channels
    for index in 0..<count {
      var samples: (Int, Int, Int, Int) = (0, 0, 0, 0)
      // The raw samples at full depth (for the colour key), one by one.
      for channel in 0..<channels {
        let value = sample(data, line: line, index: index * channels + channel, depth: depth)
        switch channel {
        case 0: samples.0 = value
        case 1: samples.1 = value
        case 2: samples.2 = value
        default: samples.3 = value
        }
      }
      let (red, green, blue, alpha) = try color(samples)
      let offset = target(index)
      output[offset] = blend(red, alpha, background.0)
      output[offset + 1] = blend(green, alpha, background.1)
      output[offset + 2] = blend(blue, alpha, background.2)
    }
  }

  /// Sample `index` of the scanline, at its bit depth.
  private func sample(_ data: [UInt8], line: Int, index: Int, depth: Int) -> Int {
    switch depth {
    case 8: return Int(data[line + index])
    case 16: return Int(data[line + 2 * index]) << 8 | Int(data[line + 2 * index + 1])
    default:
      let bit = index * depth
      let byte = data[line + bit / 8]
      let shift = 8 - depth - bit % 8
      return Int(byte >> UInt8(shift)) & ((1 << depth) - 1)
    }
  }

  /// A full-depth sample as 8 bits.
  private func eight(_ value: Int) -> UInt8 {
    switch header.bitDepth {
    case 1: UInt8(value * 255)
    case 2: UInt8(value * 85)
    case 4: UInt8(value * 17)
    case 16: UInt8(value >> 8)
    default: UInt8(value)
    }
  }

  private func color(_ samples: (Int, Int, Int, Int)) throws(PNGError) -> (UInt8, UInt8, UInt8, UInt8) {
    switch header.colorType {
    case .gray:
      let gray = eight(samples.0)
      return (gray, gray, gray, keyed([samples.0]) ? 0 : 255)
    case .grayAlpha:
      let gray = eight(samples.0)
      return (gray, gray, gray, eight(samples.1))
    case .rgb:
      let alpha: UInt8 = keyed([samples.0, samples.1, samples.2]) ? 0 : 255
      return (eight(samples.0), eight(samples.1), eight(samples.2), alpha)
    case .rgba:
      return (eight(samples.0), eight(samples.1), eight(samples.2), eight(samples.3))
    case .palette:
      let entry = samples.0
      guard entry * 3 + 2 < palette.count else {
        throw .malformed("palette index \(entry) past the \(palette.count / 3) colours of PLTE")
      }
      let alpha = entry < transparency.count ? transparency[entry] : 255
      return (palette[entry * 3], palette[entry * 3 + 1], palette[entry * 3 + 2], alpha)
    }
  }

  /// Whether `samples` equal tRNS's colour key (2 bytes per sample, big-endian).
  private func keyed(_ samples: [Int]) -> Bool {
    guard transparency.count == samples.count * 2 else { return false }
    for (index, value) in samples.enumerated() {
      let high = Int(transparency[2 * index]) << 8
      let key = high | Int(transparency[2 * index + 1])
      if key != value { return false }
    }
    return true
  }

  private func blend(_ value: UInt8, _ alpha: UInt8, _ under: UInt8) -> UInt8 {
    guard alpha != 255 else { return value }
    let over = Int(value) * Int(alpha)
    let below = Int(under) * (255 - Int(alpha))
    return UInt8((over + below + 127) / 255)
  }
}
