import Signal

/// Loads the posts that texts cite as `#pid`: cache first, else one detail request without comments
/// (`include_comment=0`) per pid, however many posts cite it and however many callers ask at once.
///
/// Concurrent loads of one pid share a single request (an ``InFlightTable``); a finished load is
/// in the cache, so later ones make none. "No such post" (`-101`) is a ``Quote/missing(pid:)``
/// outcome, remembered in the cache, never a failure of the page. Requests hold a permit of the
/// shared ``HostLimiter``.
///
/// ```swift
/// let quotes = QuoteLoader(client: client, store: PostStore(cache: cache), limiter: limiter)
/// for await (_, output) in quotes.publisher(for: QuoteLoader.citedPids(in: page)) {
///   if case .success(.post(let post, _)) = output { show(post) }
/// }
/// ```
public final class QuoteLoader: Sendable {
  public let client: TreeHoleClient
  public let store: PostStore
  public let limiter: HostLimiter

  private let inFlight = InFlightTable<Int, Quote>()
  private let counters = LoaderCounters()

  public init(client: TreeHoleClient, store: PostStore, limiter: HostLimiter) {
    self.client = client
    self.store = store
    self.limiter = limiter
  }

  /// The pids `post` and its shown `comments` cite, distinct, in order of first citation, without
  /// the post's own pid.
  public static func citedPids(in post: Post, comments: [Comment] = []) -> [Int] {
    Citations(post: post, comments: comments).all
  }

  /// The pids a whole page cites (posts and preview comments), each once.
  public static func citedPids(in page: PostPage) -> [Int] {
    var seen: Set<Int> = []
    return page.posts
      .flatMap { citedPids(in: $0, comments: page.comments?[$0.pid] ?? []) }
      .filter { seen.insert($0).inserted }
  }

  /// The post cited as `#pid`.
  public func quote(_ pid: Int, policy: CachePolicy = .cacheFirst) async -> Quote {
    if let cached = await cached(pid) { return cached }
    guard policy == .cacheFirst else { return .notCached(pid: pid) }
    return await inFlight.value(for: pid) { await self.fetch(pid) } ?? .failed(pid: pid, Self.cancelled)
  }

  /// Loads every pid through Signal's bounded fan-in, delivering `(index, quote)` as each completes.
  ///
  /// Pass distinct pids (``citedPids(in:)-(PostPage)``); a repeated pid still makes one request.
  public func publisher(for pids: [Int], policy: CachePolicy = .cacheFirst, ordering: FanInOrdering = .completion)
    -> Publishers.FanIn<PerformableClosure<Quote, Never>>
  {
    pids.publisher(maxConcurrent: limiter.limitPerHost, ordering: ordering) { pid in
      await self.quote(pid, policy: policy)
    }
  }

  /// Cache hits, requests, coalesced callers and failures so far.
  public var statistics: LoaderStatistics {
    counters.snapshot(coalesced: inFlight.statistics.joined)
  }

  /// Request tasks not yet returned, cancelled ones included; 0 means none is left behind.
  public var liveRequestCount: Int {
    inFlight.liveTaskCount
  }

  private func cached(_ pid: Int) async -> Quote? {
    if let post = await store.post(pid) {
      counters.countCacheHit()
      return .post(post, origin: .cache)
    }
    if await store.isMissing(pid) {
      counters.countCacheHit()
      return .missing(pid: pid)
    }
    return nil
  }

  /// Shared by every caller of `pid`. Looks in the cache again: a load that just finished stored it.
  private func fetch(_ pid: Int) async -> Quote {
    if let cached = await cached(pid) { return cached }
    let request = client.request(PostDetailRequest.self, .init(pid: pid, includeComments: false))
    let url = client.configuration.apiRoot
    let result: PostDetailResult?
    do {
      result = try await limiter.withPermit(for: url) { () async throws(HollowError) in
        counters.countRequest()
        return try await request.perform()
      }
    } catch {
      if case .noSuchPost = error.kind {
        try? await store.markMissing(pid)
        return .missing(pid: pid)
      }
      if !error.isCancellation { counters.countFailure() }
      return .failed(pid: pid, error)
    }
    guard let post = result?.post else { return .failed(pid: pid, Self.cancelled) }
    try? await store.store(post)
    return .post(post, origin: .network)
  }

  private static let cancelled = HollowError(request: "post/detail", kind: .transport(.cancelled))
}
