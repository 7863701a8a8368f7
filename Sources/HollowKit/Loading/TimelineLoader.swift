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
/// A page's parts are loaded concurrently through Signal's fan-in; each distinct image URL and each
/// distinct cited pid is loaded once per page (and, through the loaders' coalescing and the cache,
/// once overall). Page fetches, downloads and quote requests share one ``HostLimiter`` budget per
/// host. Every fetched page is cached as the server's JSON; offline (asked for, or when the server
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

  /// The events of loading `pages` of `feed`, one page after another: a cold publisher, each
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

  /// Page `number` from the server (caching it), or from the cache when `offline`.
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
    if let data = try? WireFormat.encode(content) {
      try? await cache.set(data, forKey: CacheKeys.page(feed: feed.name, number), ttl: pageTimeToLive)
    }
    return .loaded(TimelinePage(number: number, origin: .network, content: content))
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

/// The publisher of ``TimelineLoader/timeline(feed:pages:options:)``.
public struct TimelineLoad: Publisher {
  public typealias Output = TimelineEvent
  public typealias Element = TimelineEvent
  public typealias Failure = Never

  public let loader: TimelineLoader
  public let feed: TimelineFeed
  public let pages: [Int]
  public let options: TimelineOptions

  public func makeAsyncIterator() -> Iterator {
    Iterator(loader: loader, feed: feed, pages: pages, options: options)
  }

  /// Loads a page, then streams its posts as their parts complete, then the next page.
  public struct Iterator: AsyncIteratorProtocol {
    private let loader: TimelineLoader
    private let feed: TimelineFeed
    private let options: TimelineOptions
    private var remainingPages: [Int]
    private var offline = false
    private var events: [TimelineEvent] = []
    private var assembler: TimelineAssembler?
    private var parts: Publishers.FanIn<TimelineJob>.Iterator?
    private var progress = TimelineProgress()

    init(loader: TimelineLoader, feed: TimelineFeed, pages: [Int], options: TimelineOptions) {
      self.loader = loader
      self.feed = feed
      self.options = options
      remainingPages = pages.reversed()
      if options.offline {
        offline = true
        events.append(.offline(reason: "offline mode"))
      }
    }

    public mutating func next() async -> TimelineEvent? {
      await next(isolation: nil)
    }

    public mutating func next(isolation actor: isolated (any Actor)?) async -> TimelineEvent? {
      while true {
        guard !Task.isCancelled else { return finish() }
        if !events.isEmpty { return events.removeFirst() }
        if parts != nil {
          guard let (index, output) = await parts?.next(isolation: actor) else {
            parts = nil
            assembler = nil
            continue
          }
          switch output {
          case .success(let outcome): complete(part: index, with: outcome)
          }
          continue
        }
        guard let number = remainingPages.popLast() else { return finish() }
        let (outcome, unreachable) = await Self.fetch(number, loader: loader, feed: feed, offline: offline)
        guard handle(number, outcome, unreachable: unreachable) else { return finish() }
      }
    }

    /// Page `number`, falling back to the cache when the server cannot be reached; the reason, then.
    private static func fetch(_ number: Int, loader: TimelineLoader, feed: TimelineFeed, offline: Bool) async -> (
      TimelineLoader.PageOutcome, unreachable: String?
    ) {
      let outcome = await loader.page(number, feed: feed, offline: offline)
      guard case .unreachable(let reason) = outcome else { return (outcome, nil) }
      return (await loader.page(number, feed: feed, offline: true), reason)
    }

    /// Handles page `number`'s outcome and starts its parts; false when cancelled.
    private mutating func handle(_ number: Int, _ outcome: TimelineLoader.PageOutcome, unreachable: String?) -> Bool {
      if let unreachable {
        offline = true
        events.append(.offline(reason: unreachable))
      }
      switch outcome {
      case .cancelled:
        return false
      case .unreachable:
        events.append(.pageFailed(page: number, .notCached))  // not reached: offline asks only the cache
      case .failed(let failure):
        events.append(.pageFailed(page: number, failure))
      case .loaded(let page):
        start(page)
      }
      return true
    }

    private mutating func start(_ page: TimelinePage) {
      var assembler = TimelineAssembler(
        page: page.content, number: page.number, ordering: options.ordering,
        imageBaseURL: loader.client.configuration.imageBaseURL, loadsImages: options.loadsImages,
        loadsQuotes: options.loadsQuotes)
      events.append(.page(page))
      progress.postsTotal += assembler.postCount
      progress.imagesTotal += assembler.imagePartCount
      progress.quotesTotal += assembler.quotePartCount
      deliver(assembler.readyPosts())
      let policy: CachePolicy = offline ? .cacheOnly : .cacheFirst
      let jobs = assembler.parts.map {
        TimelineJob(part: $0, images: loader.images, quotes: loader.quotes, policy: policy)
      }
      self.assembler = assembler
      // The limiter holds each host to its budget; the fan-in only needs room for two hosts' worth.
      parts =
        jobs.isEmpty
        ? nil : TimelineJob.publisher(for: jobs, maxConcurrent: 2 * loader.limiter.limitPerHost).makeAsyncIterator()
    }

    private mutating func complete(part index: Int, with outcome: TimelineJob.Outcome) {
      switch outcome {
      case .image: progress.imagesDone += 1
      case .quote: progress.quotesDone += 1
      }
      guard let ready = assembler?.complete(part: index, with: outcome) else { return }
      deliver(ready)
    }

    private mutating func deliver(_ posts: [TimelinePost]) {
      progress.postsDone += posts.count
      events += posts.map(TimelineEvent.post)
      if options.reportsProgress { events.append(.progress(progress)) }
    }

    /// Drops the running parts (cancelling them) and ends the stream.
    private mutating func finish() -> TimelineEvent? {
      parts = nil
      assembler = nil
      remainingPages = []
      events = []
      return nil
    }
  }
}
