import HollowKit

/// Recognises an uploaded image's format and pixel size from its first bytes: HollowKit's
/// ``ImageHeader``, the reader the client checks downloads with, so the server accepts exactly what
/// the client can show (a PNG whose first chunk is a 13-byte IHDR, a GIF, a JPEG with a frame
/// header; never a zero size).
enum ImageSniffer {
  struct Sniffed: Equatable {
    var fileExtension: String
    var width: Int
    var height: Int
  }

  static func sniff(_ bytes: [UInt8]) -> Sniffed? {
    guard let header = try? ImageHeader(parsing: bytes) else { return nil }
    // The format's name is the file extension the real backend stores: png, jpeg, gif.
    return Sniffed(fileExtension: header.format.rawValue, width: header.size.width, height: header.size.height)
  }
}
