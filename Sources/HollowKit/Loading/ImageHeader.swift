#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The format and pixel size of an image, read from its first bytes without decoding it.
///
/// PNG: the signature and the `IHDR` chunk; GIF: the logical screen descriptor; JPEG: the markers
/// up to the first start-of-frame (`SOFn`). Anything else, or a header cut short, is a typed error.
///
/// ```swift
/// let header = try ImageHeader(parsing: bytes)
/// print(header.format, header.size.width, header.size.height)  // png 640 480
/// ```
public struct ImageHeader: Sendable, Equatable {
  /// The image formats the tree hole serves.
  public enum Format: String, Sendable, Equatable {
    case png, jpeg, gif
  }

  public var format: Format
  /// The pixel size, in the shape of the wire's `image_metadata`.
  public var size: ImageMetadata

  public init(format: Format, size: ImageMetadata) {
    self.format = format
    self.size = size
  }

  /// Reads the header of `data`.
  ///
  /// - Throws: ``ImageHeaderError`` for an unknown signature, a header cut short, a malformed
  ///   structure or a zero size.
  public init(parsing data: Data) throws(ImageHeaderError) {
    try self.init(parsing: [UInt8](data))
  }

  /// Reads the header of `bytes`; see ``init(parsing:)-(Data)``.
  public init(parsing bytes: [UInt8]) throws(ImageHeaderError) {
    var reader = ByteReader(bytes)
    if bytes.starts(with: Self.pngSignature) {
      self = try Self.png(&reader)
    } else if bytes.starts(with: Self.gif87Signature) || bytes.starts(with: Self.gif89Signature) {
      self = try Self.gif(&reader)
    } else if bytes.starts(with: Self.jpegSignature) {
      self = try Self.jpeg(&reader)
    } else if bytes.count < Self.pngSignature.count, Self.signatures.contains(where: { $0.starts(with: bytes) }) {
      throw .truncated(format: nil)
    } else {
      throw .unknownSignature
    }
    guard size.width > 0, size.height > 0 else {
      throw .malformed(format: format, reason: "zero size \(size.width)x\(size.height)")
    }
  }

  static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  static let gif87Signature = Array("GIF87a".utf8)
  static let gif89Signature = Array("GIF89a".utf8)
  static let jpegSignature: [UInt8] = [0xFF, 0xD8]
  private static let signatures = [pngSignature, gif87Signature, gif89Signature, jpegSignature]

  /// The first chunk after the signature must be `IHDR` (13 bytes: width, height, ...).
  private static func png(_ reader: inout ByteReader) throws(ImageHeaderError) -> ImageHeader {
    let truncated = ImageHeaderError.truncated(format: .png)
    try reader.skip(pngSignature.count, or: truncated)
    let length = try reader.bigEndian(4, or: truncated)
    let type = try reader.bytes(4, or: truncated)
    guard type.elementsEqual("IHDR".utf8), length == 13 else {
      throw .malformed(format: .png, reason: "the first chunk is not a 13-byte IHDR")
    }
    let width = try reader.bigEndian(4, or: truncated)
    let height = try reader.bigEndian(4, or: truncated)
    return ImageHeader(format: .png, size: ImageMetadata(width: width, height: height))
  }

  /// The logical screen descriptor follows the 6-byte signature: width and height, little-endian.
  private static func gif(_ reader: inout ByteReader) throws(ImageHeaderError) -> ImageHeader {
    let truncated = ImageHeaderError.truncated(format: .gif)
    try reader.skip(gif89Signature.count, or: truncated)
    let width = try reader.littleEndian(2, or: truncated)
    let height = try reader.littleEndian(2, or: truncated)
    return ImageHeader(format: .gif, size: ImageMetadata(width: width, height: height))
  }

  /// Walks the marker segments until a start-of-frame, which holds precision, height and width.
  private static func jpeg(_ reader: inout ByteReader) throws(ImageHeaderError) -> ImageHeader {
    let truncated = ImageHeaderError.truncated(format: .jpeg)
    try reader.skip(jpegSignature.count, or: truncated)
    while true {
      guard try reader.byte(or: truncated) == 0xFF else {
        throw .malformed(format: .jpeg, reason: "expected a marker at byte \(reader.offset - 1)")
      }
      var marker = try reader.byte(or: truncated)
      while marker == 0xFF { marker = try reader.byte(or: truncated) }  // fill bytes
      switch marker {
      case 0x01, 0xD0...0xD7:
        continue  // markers without a segment
      case 0xD9, 0xDA:
        throw .malformed(format: .jpeg, reason: "no frame header before the image data")
      default:
        break
      }
      let length = try reader.bigEndian(2, or: truncated)
      guard length >= 2 else { throw .malformed(format: .jpeg, reason: "segment length \(length) below 2") }
      if isStartOfFrame(marker) {
        guard length >= 7 else { throw .malformed(format: .jpeg, reason: "frame header of \(length) bytes") }
        try reader.skip(1, or: truncated)  // sample precision
        let height = try reader.bigEndian(2, or: truncated)
        let width = try reader.bigEndian(2, or: truncated)
        return ImageHeader(format: .jpeg, size: ImageMetadata(width: width, height: height))
      }
      try reader.skip(length - 2, or: truncated)
    }
  }

  /// SOF0...SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range.
  private static func isStartOfFrame(_ marker: UInt8) -> Bool {
    (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
  }
}

/// Why bytes are not a usable image header.
///
/// ```swift
/// do { _ = try ImageHeader(parsing: bytes) } catch .truncated { retryLater() } catch { reject(error) }
/// ```
public enum ImageHeaderError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The bytes start like none of PNG, JPEG or GIF.
  case unknownSignature
  /// The bytes end before the size could be read (`format` nil when even the signature is cut).
  case truncated(format: ImageHeader.Format?)
  /// The header's structure is wrong.
  case malformed(format: ImageHeader.Format, reason: String)

  public var description: String {
    switch self {
    case .unknownSignature: "not a PNG, JPEG or GIF image"
    case .truncated(let format): "the \(format?.rawValue.uppercased() ?? "image") header is cut short"
    case .malformed(let format, let reason): "malformed \(format.rawValue.uppercased()) header: \(reason)"
    }
  }
}

/// Reads big- and little-endian integers from bytes, throwing a caller-chosen error past the end.
private struct ByteReader {
  let bytes: [UInt8]
  private(set) var offset = 0

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  mutating func bytes(_ count: Int, or error: ImageHeaderError) throws(ImageHeaderError) -> ArraySlice<UInt8> {
    guard count >= 0, bytes.count - offset >= count else { throw error }
    defer { offset += count }
    return bytes[offset..<(offset + count)]
  }

  mutating func skip(_ count: Int, or error: ImageHeaderError) throws(ImageHeaderError) {
    _ = try bytes(count, or: error)
  }

  mutating func byte(or error: ImageHeaderError) throws(ImageHeaderError) -> UInt8 {
    try bytes(1, or: error).first ?? 0
  }

  mutating func bigEndian(_ count: Int, or error: ImageHeaderError) throws(ImageHeaderError) -> Int {
    try bytes(count, or: error).reduce(0) { $0 << 8 | Int($1) }
  }

  mutating func littleEndian(_ count: Int, or error: ImageHeaderError) throws(ImageHeaderError) -> Int {
    try bytes(count, or: error).reversed().reduce(0) { $0 << 8 | Int($1) }
  }
}
