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
/// with ``TimelineEvent/offline(_:)`` and on each page it serves (``TimelinePage/offline``,
/// ``TimelinePage/cachedAt``). Each post comes with its images and its resolved quotes
/// (``TimelinePost/quotes``), so a view needs nothing else.
///
/// The whole load is one Signal pipeline (`TimelineSteps`): the fan-in's closure form, `flatMap`,
/// `merge` and `append`. Cancelling the subscribing task cancels every running load, and the stream
/// ends only once every cancelled load has returned (its permit released, its connection closed);
/// dropping the iterator cancels them too, without waiting.
///
/// ```swift
/// for await event in loaders.timeline.timeline(pages: [1, 2], options: TimelineOptions(ordering: .inOrder)) {
///   if case .post(let item) = event { print(item.post.pid, item.images.count, item.quotes.all.count) }
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

  enum PageOutcome: Sendable {
    case loaded(TimelinePage)
    case failed(TimelinePageFailure)
    /// A transport failure: the caller goes offline and asks the cache.
    case unreachable(OfflineReason)
    case cancelled
  }

  /// Page `number` from the server, cached as the server's JSON, or from the cache alone when
  /// `offline` says why.
  func page(_ number: Int, feed: TimelineFeed, offline: OfflineReason?) async -> PageOutcome {
    if let offline {
      guard let cached = await cachedPage(number, feed: feed, offline: offline) else { return .failed(.notCached) }
      return .loaded(cached)
    }
    let client = client
    // While this page is in flight, the connections the next round needs open (TCP and TLS), to the API
    // and to where its images live (one origin for the demo, often two for a real backend): once they are
    // open, later calls do nothing.
    for origin in [client.configuration.apiRoot, client.configuration.imageBaseURL] {
      client.http.connectEarly(to: origin, connections: limiter.limitPerHost)
    }
    let content: PostPage?
    do {
      content = try await limiter.withPermit(for: client.configuration.apiRoot) { () async throws(HollowError) in
        try await feed.fetch(client, number)
      }
    } catch {
      if error.isCancellation { return .cancelled }
      if let reason = OfflineReason.of(error) { return .unreachable(reason) }
      return .failed(.request(error))
    }
    guard let content else { return .cancelled }
    let page = TimelinePage(number: number, origin: .network, content: content)
    store(page, feed: feed)
    return .loaded(page)
  }

  /// Caches `page` as the server's JSON, encoded off the caller's path (the page is shown meanwhile; a
  /// read of it waits for the encoding): in memory then, on disk behind; best effort (a lost page costs a
  /// later offline run that page).
  private func store(_ page: TimelinePage, feed: TimelineFeed) {
    let content = page.content
    cache.setInBackground(
      encodedBy: { try? WireFormat.encode(content) }, forKey: CacheKeys.page(feed: feed.name, page.number),
      ttl: pageTimeToLive)
  }

  private func cachedPage(_ number: Int, feed: TimelineFeed, offline: OfflineReason) async -> TimelinePage? {
    let key = CacheKeys.page(feed: feed.name, number)
    guard let data = await cache.data(forKey: key) else { return nil }
    guard let content = try? WireFormat.decode(PostPage.self, from: data) else {
      try? await cache.removeValue(forKey: key)
      return nil
    }
    return TimelinePage(
      number: number, origin: .cache, content: content, cachedAt: await cache.storedDate(forKey: key),
      offline: offline)
  }
}
