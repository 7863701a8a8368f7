import HollowCache

/// The loaders of one client over one cache, wired to share a single ``HostLimiter`` budget: what a
/// front end (the CLI, an app) creates once per account.
///
/// ```swift
/// let cache = try TreeHoleLoaders.openCache(for: client, directory: CacheDirectory.resolve(override: cacheDir))
/// let loaders = TreeHoleLoaders(client: client, cache: cache, limitPerHost: HostLimiter.defaultLimitPerHost)
/// let model = loaders.feeds.model(.timeline); model.open()
/// let post = loaders.posts.model(42); post.open()
/// print(await loaders.statistics)
/// await loaders.flush()   // before exiting: the loaders write the cache in the background
/// ```
public struct TreeHoleLoaders: Sendable {
  public let client: TreeHoleClient
  public let cache: TwoTierCache
  /// The one budget per host shared by every loader below.
  public let limiter: HostLimiter
  public let store: PostStore
  public let images: ImageLoader
  public let quotes: QuoteLoader
  public let posts: PostLoader
  public let feeds: FeedLoader

  /// - Parameters:
  ///   - client: the tree-hole API client every loader requests through.
  ///   - cache: should be namespaced for `client`'s server and token (see ``openCache(for:directory:limits:)``).
  ///   - limitPerHost: requests at once per host, over all loaders (see ``HostLimiter/defaultLimitPerHost``).
  public init(client: TreeHoleClient, cache: TwoTierCache, limitPerHost: Int = HostLimiter.defaultLimitPerHost) {
    self.client = client
    self.cache = cache
    limiter = HostLimiter(limitPerHost: limitPerHost)
    store = PostStore(cache: cache)
    images = ImageLoader(http: client.http, cache: cache, limiter: limiter, retry: client.retry)
    quotes = QuoteLoader(client: client, store: store, limiter: limiter)
    posts = PostLoader(client: client, store: store, images: images, quotes: quotes, limiter: limiter)
    feeds = FeedLoader(client: client, cache: cache, images: images, quotes: quotes, limiter: limiter)
  }

  /// The cache namespace of `client`'s server and token (the token itself is never stored).
  public static func namespace(for client: TreeHoleClient) -> CacheNamespace {
    CacheNamespace(serverURL: client.configuration.apiRoot.absoluteString, token: client.configuration.token ?? "")
  }

  /// Opens the two-tier cache in `directory`, namespaced for `client`.
  ///
  /// - Throws: what `TwoTierCache` (HollowCache) throws when the folder cannot be used.
  public static func openCache(
    for client: TreeHoleClient, directory: String, limits: DiskCache.Limits = .default
  ) throws(CacheError) -> TwoTierCache {
    try TwoTierCache(directory: directory, limits: limits, namespace: namespace(for: client))
  }

  /// Returns once everything the loaders stored is on disk. The loaders write behind (a loaded image or
  /// post is handed over before its disk write ends), so a program calls this before it exits.
  public func flush() async {
    await cache.flush()
  }

  /// The cache's counters and the loaders' counters.
  public var statistics: TreeHoleLoaderStatistics {
    get async {
      TreeHoleLoaderStatistics(cache: await cache.statistics, images: images.statistics, quotes: quotes.statistics)
    }
  }
}

/// The counters of a ``TreeHoleLoaders``: both cache tiers, images and quotes.
public struct TreeHoleLoaderStatistics: Sendable, Equatable, CustomStringConvertible {
  public var cache: TwoTierStatistics
  public var images: LoaderStatistics
  public var quotes: LoaderStatistics

  public var description: String {
    "memory: \(cache.memory)\ndisk: \(cache.disk)\nimages: \(images)\nquotes: \(quotes)"
  }
}
