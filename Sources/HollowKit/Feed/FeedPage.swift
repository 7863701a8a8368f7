#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A page of a feed as the feed loader got it, with where it came from: everything a view needs
/// to say "offline: showing cached data from 5 min ago (cannot connect to the server)".
///
/// ```swift
/// if let page = snapshot.page(1)?.page, page.origin == .cache {
///   print("page \(page.number) from the cache, stored \(page.cachedAt.map { "\($0)" } ?? "at an unknown time")")
/// }
/// ```
public struct FeedPage: Sendable, Equatable {
  /// The page number (1-based).
  public var number: Int
  public var origin: LoadOrigin
  /// The posts, preview comments and (page 1) the frontend configuration.
  public var content: PostPage
  /// When the cache stored the page, for a page from the cache (nil when that is not known).
  public var cachedAt: Date?
  /// Why the cache answered instead of the server; nil for a page from the server.
  public var offline: OfflineReason?

  public init(
    number: Int, origin: LoadOrigin, content: PostPage, cachedAt: Date? = nil, offline: OfflineReason? = nil
  ) {
    self.number = number
    self.origin = origin
    self.content = content
    self.cachedAt = cachedAt
    self.offline = offline
  }

  public var posts: [Post] { content.posts }
}
