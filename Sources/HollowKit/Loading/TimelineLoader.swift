import HollowCache
import Signal

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Loads pages of a feed and, for each page, every image and cited post its posts show, streaming
/// each post as soon as its parts are ready.
///
/// The pages load concurrently: the first page alone (it tells whether the server answers), then
/// every other page at once, and each page's parts start as soon as that page arrives. Each
/// distinct image URL and each distinct cited pid is loaded once per page (and, through the
/// loaders' coalescing and the cache, once overall). Page fetches, downloads and quote requests all
/// wait for one ``HostLimiter`` budget per host, so the whole timeline takes about one round for
/// the first page plus `requests / limitPerHost` rounds, whatever the number of pages. With
/// ``TimelineOptions/Ordering/inOrder`` the events are exactly those of loading the pages one after
/// another, only sooner; ``TimelineOptions/Ordering/asReady`` streams each page and post when it is
/// ready. Every fetched page is cached as the server's JSON; offline (asked for, or when the server
/// cannot be reached) the loader serves pages, images and quotes from the cache alone and says so
/// with ``TimelineEvent/offline(reason:)``.
///
/// Cancelling the subscribing task (or dropping the iterator) cancels every running load.
///
/// ```swift
/// for await event in loaders.timeline.timeline(pages: [1, 2], options: TimelineOptions(ordering: .inOrder)) {
///   if case .post(let item) = event { print(item.post.pid, item.images.count, item.quotes.count) }
/// }
/// ```
public final class TimelineLoader: Sendable {
  public let client: TreeHoleClient
  public let cache: TwoTierCache
  public let images: ImageLoader
  public let quotes: QuoteLoader
  public let limiter: HostLimiter
  /// How long a cached page lives; nil uses the disk cache's default.
  public let pageTimeToLive: Duration?

  public init(
    client: TreeHoleClient, cache: TwoTierCache, images: ImageLoader, quotes: QuoteLoader, limiter: HostLimiter,
    pageTimeToLive: Duration? = nil
  ) {
    self.client = client
    self.cache = cache
    self.images = images
    self.quotes = quotes
    self.limiter = limiter
    self.pageTimeToLive = pageTimeToLive
  }

  /// The events of loading `pages` of `feed` (concurrently, see above): a cold publisher, each
  /// subscription loads again (mostly from the cache).
  public func timeline(feed: TimelineFeed = .list, pages: [Int], options: TimelineOptions = TimelineOptions())
    -> TimelineLoad
  {
    TimelineLoad(loader: self, feed: feed, pages: pages, options: options)
  }

  enum PageOutcome {
    case loaded(TimelinePage)
    case failed(TimelinePageFailure)
    /// A transport failure: the caller goes offline and asks the cache.
    case unreachable(reason: String)
    case cancelled
  }

  /// Page `number` from the server, or from the cache when `offline`; ``store(_:feed:)`` caches a page from the
  /// server (the run does it while the page's parts load).
  func page(_ number: Int, feed: TimelineFeed, offline: Bool) async -> PageOutcome {
    if offline {
      guard let cached = await cachedPage(number, feed: feed) else { return .failed(.notCached) }
      return .loaded(cached)
    }
    let client = client
    let content: PostPage?
    do {
      content = try await limiter.withPermit(for: client.configuration.apiRoot) { () async throws(HollowError) in
        try await feed.fetch(client, number)
      }
    } catch {
      if error.isCancellation { return .cancelled }
      if case .transport = error.kind { return .unreachable(reason: error.description) }
      return .failed(.request(error))
    }
    guard let content else { return .cancelled }
    return .loaded(TimelinePage(number: number, origin: .network, content: content))
  }

  /// Caches `page` as the server's JSON; best effort (a lost page costs a later offline run that page).
  func store(_ page: TimelinePage, feed: TimelineFeed) async {
    guard let data = try? WireFormat.encode(page.content) else { return }
    try? cache.setInBackground(data, forKey: CacheKeys.page(feed: feed.name, page.number), ttl: pageTimeToLive)
  }

  private func cachedPage(_ number: Int, feed: TimelineFeed) async -> TimelinePage? {
    let key = CacheKeys.page(feed: feed.name, number)
    guard let data = await cache.data(forKey: key) else { return nil }
    guard let content = try? WireFormat.decode(PostPage.self, from: data) else {
      try? await cache.removeValue(forKey: key)
      return nil
    }
    return TimelinePage(number: number, origin: .cache, content: content)
  }
}
