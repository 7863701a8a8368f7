import HollowCache
import Signal

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Loads feeds for one client over one cache: what makes a ``FeedModel`` (the running feed), and
/// how one page is fetched: from the server under the per-host budget, cached as the server's JSON
/// as it arrives, or from the cache alone when offline or when the server cannot be reached.
///
/// ```swift
/// let model = loaders.feeds.model(.timeline, options: .init(imageBaseURL: base))
/// model.load(pages: [1, 2, 3])
/// for await snapshot in model.snapshots {
///   print(snapshot.posts.filter(\.isReady).count)
///   if snapshot.isSettled { break }
/// }
/// ```
public final class FeedLoader: Sendable {
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

  /// A new running feed of `source`; nothing is loaded until it is asked (``FeedModel/open()``,
  /// ``FeedModel/load(pages:)``).
  public func model(_ source: FeedSource, options: FeedStateMachine.Options = .init()) -> FeedModel {
    FeedModel(loader: self, machine: FeedStateMachine(source: source, options: options))
  }

  /// How a page fetch ended.
  enum PageOutcome: Sendable {
    case loaded(FeedPage)
    case failed(FeedPageFailure)
    /// A transport failure: the caller goes offline and asks the cache.
    case unreachable(OfflineReason)
    case cancelled
  }

  /// Page `number` of `source` from the server, cached as the server's JSON, or from the cache
  /// alone when `offline` says why.
  func page(_ number: Int, of source: FeedSource, offline: OfflineReason?) async -> PageOutcome {
    if let offline {
      guard let cached = await cachedPage(number, of: source, offline: offline) else { return .failed(.notCached) }
      return .loaded(cached)
    }
    let client = client
    // While this page is in flight, the connections the next round needs open (TCP and TLS), to the API
    // and to where its images live (one origin for the demo, often two for a real backend).
    client.connectEarly(connections: limiter.limitPerHost)
    let content: PostPage?
    do {
      content = try await limiter.withPermit(for: client.configuration.apiRoot) { () async throws(HollowError) in
        try await source.page(number, client: client)
      }
    } catch {
      if error.isCancellation { return .cancelled }
      if let reason = OfflineReason.of(error) { return .unreachable(reason) }
      return .failed(.request(error))
    }
    guard let content else { return .cancelled }
    let page = FeedPage(number: number, origin: .network, content: content)
    store(page, of: source)
    return .loaded(page)
  }

  /// Caches `page` as the server's JSON, encoded off the caller's path (a read of it waits for the
  /// encoding): in memory at once, on disk behind; best effort.
  private func store(_ page: FeedPage, of source: FeedSource) {
    let content = page.content
    cache.setInBackground(
      encodedBy: { try? WireFormat.encode(content) }, forKey: CacheKeys.page(feed: source.cacheName, page.number),
      ttl: pageTimeToLive)
  }

  /// Page `number` of `source` from the cache alone, nil when it is not there (a damaged copy is removed).
  func cachedPage(_ number: Int, of source: FeedSource, offline: OfflineReason?) async -> FeedPage? {
    let key = CacheKeys.page(feed: source.cacheName, number)
    guard let data = await cache.data(forKey: key) else { return nil }
    guard let content = try? WireFormat.decode(PostPage.self, from: data) else {
      try? await cache.removeValue(forKey: key)
      return nil
    }
    return FeedPage(
      number: number, origin: .cache, content: content, cachedAt: await cache.storedDate(forKey: key),
      offline: offline)
  }
}
