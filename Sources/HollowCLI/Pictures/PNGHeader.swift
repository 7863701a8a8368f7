/// A PNG's IHDR chunk, checked: the size, how a pixel is stored (colour type and bit depth, only
/// the combinations the specification allows) and whether rows are interlaced (Adam7). Every size
/// derived from it is computed with overflow checks.
///
/// ```swift
/// let header = try PNGHeader(ihdr: chunk.data)
/// header.bitsPerPixel  // 24 for 8-bit RGB
/// ```
struct PNGHeader: Sendable, Equatable {
  /// The PNG colour types.
  enum ColorType: UInt8, Sendable {
    case gray = 0
    case rgb = 2
    case palette = 3
    case grayAlpha = 4
    case rgba = 6

    var channels: Int {
      switch self {
      case .gray, .palette: 1
      case .grayAlpha: 2
      case .rgb: 3
      case .rgba: 4
      }
    }

    /// The bit depths the specification allows for this colour type.
    var bitDepths: Set<Int> {
      switch self {
      case .gray: [1, 2, 4, 8, 16]
      case .palette: [1, 2, 4, 8]
      case .rgb, .grayAlpha, .rgba: [8, 16]
      }
    }
  }

  let width: Int
  let height: Int
  let bitDepth: Int
  let colorType: ColorType
  let interlaced: Bool

  /// Reads the 13 bytes of IHDR's data.
  init(ihdr data: ArraySlice<UInt8>) throws(PNGError) {
    guard data.count == 13 else { throw .malformed("IHDR is \(data.count) bytes, not 13") }
    let bytes = Array(data)
    let width = Self.uint32(bytes, at: 0)
    let height = Self.uint32(bytes, at: 4)
    guard width > 0, height > 0, width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF else {
      throw .malformed("size \(width)x\(height)")
    }
    guard let colorType = ColorType(rawValue: bytes[9]) else { throw .malformed("colour type \(bytes[9])") }
    guard colorType.bitDepths.contains(Int(bytes[8])) else {
      throw .malformed("bit depth \(bytes[8]) with colour type \(bytes[9])")
    }
    guard bytes[10] == 0 else { throw .malformed("compression method \(bytes[10])") }
    guard bytes[11] == 0 else { throw .malformed("filter method \(bytes[11])") }
    guard bytes[12] <= 1 else { throw .malformed("interlace method \(bytes[12])") }
    self.width = Int(width)
    self.height = Int(height)
    self.bitDepth = Int(bytes[8])
    self.colorType = colorType
    self.interlaced = bytes[12] == 1
  }

  /// Bits one pixel takes in a scanline (at most 64).
  var bitsPerPixel: Int { bitDepth * colorType.channels }

  /// The distance filters look back: one pixel, at least one byte.
  var filterStride: Int { max(1, bitsPerPixel / 8) }

  /// Bytes of one scanline of `pixels` pixels, without its filter byte; nil on overflow.
  func rowBytes(pixels: Int) -> Int? {
    let (bits, overflow) = pixels.multipliedReportingOverflow(by: bitsPerPixel)
    guard !overflow else { return nil }
    let (padded, overflowAdding) = bits.addingReportingOverflow(7)
    return overflowAdding ? nil : padded / 8
  }

  /// The sub-images the scanlines come in: the whole image, or Adam7's seven passes (empty ones
  /// left out).
  var passes: [PNGPass] {
    guard interlaced else { return [PNGPass(x: 0, y: 0, stepX: 1, stepY: 1, imageWidth: width, imageHeight: height)] }
    return PNGPass.adam7.compactMap { pass in
      let placed = PNGPass(
        x: pass.x, y: pass.y, stepX: pass.stepX, stepY: pass.stepY, imageWidth: width, imageHeight: height)
      return placed.width > 0 && placed.height > 0 ? placed : nil
    }
  }

  /// The exact size of the inflated IDAT data: every pass's rows, each with its filter byte; nil
  /// on overflow.
  var inflatedSize: Int? {
    var total = 0
    for pass in passes {
      guard let row = rowBytes(pixels: pass.width) else { return nil }
      let (rows, overflow) = (row + 1).multipliedReportingOverflow(by: pass.height)
      guard !overflow else { return nil }
      let (sum, overflowAdding) = total.addingReportingOverflow(rows)
      guard !overflowAdding else { return nil }
      total = sum
    }
    return total
  }

  /// The big-endian 32-bit number at `offset` (PNG's only integer encoding).
  static func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
      | UInt32(bytes[offset + 3])
  }
}
