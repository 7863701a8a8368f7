#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An image's verified bytes: its header was parsed and matched the announced size.
///
/// ```swift
/// let image = try await images.image(at: url, expected: post.imageMetadata)
/// print(image.header.format, image.data.count, image.origin)
/// ```
public struct LoadedImage: Sendable, Equatable {
  public var url: URL
  public var data: Data
  public var header: ImageHeader
  public var origin: LoadOrigin

  public init(url: URL, data: Data, header: ImageHeader, origin: LoadOrigin) {
    self.url = url
    self.data = data
    self.header = header
    self.origin = origin
  }
}
