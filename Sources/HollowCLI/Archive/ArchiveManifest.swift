/// The JSON header of an archive: what it holds and whose data it is. Never a token: the
/// namespace is a hash of the server and the token.
struct ArchiveManifest: Codable, Sendable, Equatable {
  /// Always ``formatName``.
  var format: String
  var version: Int
  /// When it was written, ISO 8601 (UTC).
  var created: String
  /// The server the data came from (the embedded demo server's stable name for it).
  var server: String
  /// The ``HollowCache/CacheNamespace`` identifier of the server and token.
  var namespace: String
  /// How many entries follow.
  var entries: Int
  /// Whether images were included (`export --with-images`).
  var images: Bool

  static let formatName = "hollow-cli archive"
}
