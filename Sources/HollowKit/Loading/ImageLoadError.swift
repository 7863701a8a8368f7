/// Why an image could not be loaded. Nothing is stored in the cache for any of these.
///
/// ```swift
/// do { _ = try await images.image(at: url, expected: size) } catch .sizeMismatch(let expected, let actual) { ... }
/// ```
public enum ImageLoadError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The caller's task was cancelled.
  case cancelled
  /// Cache-only (offline) and the cache does not hold the image.
  case notCached
  /// No answer arrived.
  case transport(TransportFailure)
  /// The server answered another status than 200.
  case httpStatus(Int)
  /// The answer is larger than the loader accepts (`announced`: the server's `Content-Length`, if
  /// it sent one); the download stopped at the limit.
  case tooLarge(announced: Int?, limit: Int)
  /// The bytes are not a PNG, JPEG or GIF image.
  case invalidImage(ImageHeaderError)
  /// The image's size differs from the announced `image_metadata`.
  case sizeMismatch(expected: ImageMetadata, actual: ImageMetadata)

  public var description: String {
    switch self {
    case .cancelled: "the image load was cancelled"
    case .notCached: "the image is not in the cache (offline)"
    case .transport(let failure): failure.description
    case .httpStatus(let status): "the image host answered HTTP \(status)"
    case .tooLarge(let announced, let limit):
      "the image is larger than the limit of \(TransportFailure.bytes(limit))"
        + (announced.map { " (the server announced \($0) bytes)" } ?? "") + "; it was not downloaded"
    case .invalidImage(let failure): failure.description
    case .sizeMismatch(let expected, let actual):
      "the image is \(actual.width)x\(actual.height), not the announced \(expected.width)x\(expected.height)"
    }
  }
}
