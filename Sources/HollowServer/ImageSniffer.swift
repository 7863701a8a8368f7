/// Recognises an uploaded image's format and pixel size from its first bytes.
enum ImageSniffer {
  struct Sniffed: Equatable {
    var fileExtension: String
    var width: Int
    var height: Int
  }

  static func sniff(_ bytes: [UInt8]) -> Sniffed? {
    if bytes.starts(with: PNGEncoder.signature), bytes.count >= 24 {
      return Sniffed(
        fileExtension: "png", width: bigEndian(bytes, at: 16, count: 4), height: bigEndian(bytes, at: 20, count: 4))
    }
    if bytes.starts(with: Array("GIF8".utf8)), bytes.count >= 10 {
      return Sniffed(
        fileExtension: "gif", width: Int(bytes[6]) | Int(bytes[7]) << 8, height: Int(bytes[8]) | Int(bytes[9]) << 8)
    }
    if bytes.starts(with: [0xFF, 0xD8]) {
      return jpegSize(bytes)
    }
    return nil
  }

  /// Walks the JPEG markers up to the first start-of-frame, which holds the size.
  private static func jpegSize(_ bytes: [UInt8]) -> Sniffed? {
    var index = 2
    while index + 9 < bytes.count {
      guard bytes[index] == 0xFF else { return nil }
      let marker = bytes[index + 1]
      let length = bigEndian(bytes, at: index + 2, count: 2)
      let isFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
      if isFrame {
        return Sniffed(
          fileExtension: "jpeg", width: bigEndian(bytes, at: index + 7, count: 2),
          height: bigEndian(bytes, at: index + 5, count: 2))
      }
      guard length >= 2 else { return nil }
      index += 2 + length
    }
    return nil
  }

  private static func bigEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> Int {
    bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
  }
}
