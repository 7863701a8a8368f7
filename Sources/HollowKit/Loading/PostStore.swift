import HollowCache

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Posts, their comments and "no such post" markers in a `TwoTierCache` (HollowCache), under
/// ``CacheKeys``.
///
/// A post and its comments are separate entries, written separately, so no write reads another
/// first: a post stored by the quote loader never loses the comments a detail load stored. Writes
/// reach memory at once and disk in the background (see
/// `TwoTierCache.setInBackground(_:forKey:ttl:)`); `cache.flush()` makes them durable.
///
/// ```swift
/// let store = PostStore(cache: cache)
/// try await store.store(post)                                  // a quote
/// try await store.store(post, comments: comments)              // a detail
/// let (post, comments) = await (store.post(42), store.comments(42))
/// ```
public struct PostStore: Sendable {
  public let cache: TwoTierCache
  /// How long posts and comments live; nil uses the disk cache's default.
  public let timeToLive: Duration?
  /// How long a "no such post" answer is remembered.
  public let missingTimeToLive: Duration

  public init(cache: TwoTierCache, timeToLive: Duration? = nil, missingTimeToLive: Duration = .seconds(86_400)) {
    self.cache = cache
    self.timeToLive = timeToLive
    self.missingTimeToLive = missingTimeToLive
  }

  /// The cached post, if any.
  public func post(_ pid: Int) async -> Post? {
    await cache.value(Post.self, forKey: CacheKeys.post(pid))
  }

  /// The cached comments of `pid`, if a detail load stored them.
  public func comments(_ pid: Int) async -> CachedComments? {
    await cache.value(CachedComments.self, forKey: CacheKeys.comments(pid))
  }

  /// Whether the server recently answered "no such post" for `pid`.
  public func isMissing(_ pid: Int) async -> Bool {
    await cache.data(forKey: CacheKeys.missingPost(pid)) != nil
  }

  /// Stores `post` alone; cached comments stay as they are.
  public func store(_ post: Post) async throws(CacheError) {
    try cache.setInBackground(value: post, forKey: CacheKeys.post(post.pid), ttl: timeToLive)
  }

  /// Stores `post` and all its `comments`, fetched together.
  public func store(_ post: Post, comments: [Comment]) async throws(CacheError) {
    try await store(post)
    try cache.setInBackground(
      value: CachedComments(comments: comments, asOf: post.updatedAt), forKey: CacheKeys.comments(post.pid),
      ttl: timeToLive)
  }

  /// Forgets `pid`'s post and comments and remembers that it does not exist.
  public func markMissing(_ pid: Int) async throws(CacheError) {
    try await cache.removeValue(forKey: CacheKeys.post(pid))
    try await cache.removeValue(forKey: CacheKeys.comments(pid))
    try cache.setInBackground(Data([1]), forKey: CacheKeys.missingPost(pid), ttl: missingTimeToLive)
  }
}
