import HollowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the reader's view models load through: the library loaders of the run's client and
/// cache (one host budget for pages, quotes, details and images) and whether the run is offline.
///
/// ```swift
/// let services = ReaderServices(loaders: session.loaders, offline: false)
/// let feed = FeedViewModel(services: services, source: .timeline)
/// ```
struct ReaderServices: Sendable {
  let loaders: TreeHoleLoaders
  /// `--offline`: every load is served by the cache alone.
  let offline: Bool

  var client: TreeHoleClient { loaders.client }

  var policy: CachePolicy { offline ? .cacheOnly : .cacheFirst }

  /// Where images live.
  var imageBaseURL: URL? { client.configuration.imageBaseURL }

  /// Where the image of `path` (`post.imagePath`) lives; nil without an image base.
  func imageURL(_ path: String) -> URL? {
    client.configuration.imageURL(for: path)
  }
}
