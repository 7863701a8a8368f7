import HollowWire

/// Inflates a PNG's zlib stream (HollowWire's ``Inflater``, the one the HTTP client uses for gzip
/// answers) into exactly the size IHDR implies: a stream that would inflate to more (a zlib bomb)
/// stops as soon as it passes that size, one that ends early is truncated, and broken data is zlib's
/// error. Time and memory are bounded by the input and the expected size.
///
/// ```swift
/// let raw = try PNGInflater.inflate(idat, expectedSize: header.inflatedSize!)
/// ```
enum PNGInflater {
  static func inflate(_ compressed: [UInt8], expectedSize: Int) throws(PNGError) -> [UInt8] {
    let raw: [UInt8]
    do {
      raw = try Inflater.inflate(compressed, format: .zlib, limit: expectedSize, expectedSize: expectedSize)
    } catch {
      switch error {
      case .tooLarge: throw .tooLarge("image data inflates past the \(expectedSize) bytes IHDR implies")
      case .truncated(let produced): throw .truncated("image data ends \(expectedSize - produced) bytes short")
      case .corrupt(let reason): throw .badCompression(reason)
      }
    }
    guard raw.count == expectedSize else { throw .truncated("image data ends \(expectedSize - raw.count) bytes short") }
    return raw
  }
}
