import HollowCache

/// Stored image names: the SHA-256 of the content (or of a generated image's description) in hex,
/// with its first two characters also used as the folder, like the real image host.
enum ImagePath {
  /// `ab/ab12…ef.png` for bytes whose SHA-256 starts with `ab`.
  static func make(hashing bytes: [UInt8], fileExtension: String) -> String {
    let hex = SHA256.hex(bytes)
    return "\(hex.prefix(2))/\(hex).\(fileExtension)"
  }
}
