/// Why ``PNGDecoder`` could not read a PNG: each case says where it stopped, so a broken or hostile
/// file is reported rather than drawn wrong.
///
/// ```swift
/// do { _ = try PNGDecoder.decode(bytes) } catch { print(error) }  // "PNG: chunk IDAT fails its CRC"
/// ```
enum PNGError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The first 8 bytes are not the PNG signature.
  case notPNG
  /// The data ends before `what` is complete.
  case truncated(String)
  /// A chunk's CRC does not match its type and data.
  case badChecksum(chunk: String)
  /// The structure breaks the PNG specification.
  case malformed(String)
  /// Valid PNG this decoder does not read.
  case unsupported(String)
  /// More pixels (or inflated bytes) than ``PNGDecoder`` accepts.
  case tooLarge(String)
  /// The zlib stream of the IDAT chunks is broken.
  case badCompression(String)

  var description: String {
    switch self {
    case .notPNG: "PNG: not a PNG (bad signature)"
    case .truncated(let what): "PNG: truncated (\(what))"
    case .badChecksum(let chunk): "PNG: chunk \(chunk) fails its CRC"
    case .malformed(let reason): "PNG: malformed (\(reason))"
    case .unsupported(let reason): "PNG: unsupported (\(reason))"
    case .tooLarge(let reason): "PNG: too large (\(reason))"
    case .badCompression(let reason): "PNG: bad compressed data (\(reason))"
    }
  }
}
