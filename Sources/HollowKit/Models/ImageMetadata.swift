/// The pixel size of an attached image: the wire's `image_metadata` object `{"w": Int, "h": Int}`.
///
/// The wire sends `{}` when there is no image; ``Post`` and ``Comment`` turn that into `nil`.
///
/// ```swift
/// let size = ImageMetadata(width: 640, height: 480)
/// ```
public struct ImageMetadata: Codable, Sendable, Equatable, Hashable {
  /// Width in pixels (`w`).
  public var width: Int
  /// Height in pixels (`h`).
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  private enum CodingKeys: String, CodingKey {
    case width = "w"
    case height = "h"
  }
}
