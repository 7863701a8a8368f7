import Signal

/// A post's detail, stale-while-revalidate: the cached post and comments at once, then the server's
/// answer, as a Signal stream of ``PostDetailSnapshot``s.
///
/// Each subscription emits:
/// 1. ``LoadStatus/cached`` with the cached post and comments, or ``LoadStatus/inProgress`` when
///    nothing is cached;
/// 2. after asking the server (with `old_updated_at` when comments are cached):
///    - "not modified" (`code 1`): ``LoadStatus/success`` with the cached comments;
///    - new comments: ``LoadStatus/success`` with them (both are stored);
///    - "no such post" (`-101`): the entry is dropped, ``LoadStatus/lethalFailure(_:)`` with
///      ``PostDetailSnapshot/isDeleted``;
///    - any other failure: the cached data with ``LoadStatus/failure(_:)``, or
///      ``LoadStatus/lethalFailure(_:)`` when nothing was cached.
///
/// Every snapshot with a post says where it came from: a cached copy carries
/// ``PostDetailSnapshot/cachedAt``, and one shown because the server could not be reached (or
/// offline was asked for) its ``PostDetailSnapshot/offline`` reason. Made with a ``QuoteLoader``, the
/// cache resolves the posts the post and its comments cite (``PostDetailSnapshot/quotes``): from the
/// cache alone for the cached snapshot, cache first for the refreshed one.
///
/// Cancelling the subscribing task ends the stream and cancels the request. A post stored without
/// comments (by the quote loader) never replaces cached comments: see ``PostStore``.
///
/// ```swift
/// for await snapshot in details.detail(42) { render(snapshot) }
/// ```
public final class PostDetailCache: Sendable {
  public let client: TreeHoleClient
  public let store: PostStore
  public let limiter: HostLimiter
  /// Resolves the quotes of each snapshot; nil leaves ``PostDetailSnapshot/quotes`` empty.
  public let quotes: QuoteLoader?

  public init(client: TreeHoleClient, store: PostStore, limiter: HostLimiter, quotes: QuoteLoader? = nil) {
    self.client = client
    self.store = store
    self.limiter = limiter
    self.quotes = quotes
  }

  /// The detail of `pid`: a cold publisher, each subscription reads the cache and refreshes once.
  ///
  /// - Parameters:
  ///   - pid: the post's id.
  ///   - policy: ``CachePolicy/cacheOnly`` (offline) emits the cache's copy with
  ///   ``LoadStatus/failure(_:)`` (or ``LoadStatus/lethalFailure(_:)`` when there is none) and
  ///   sends nothing.
  public func detail(_ pid: Int, policy: CachePolicy = .cacheFirst) -> PostDetailLoad {
    PostDetailLoad(cache: self, pid: pid, policy: policy)
  }

  /// The cached snapshot of `pid` (``LoadStatus/cached``), or an ``LoadStatus/inProgress`` one.
  func cachedSnapshot(_ pid: Int) async -> (PostDetailSnapshot, knownUpdatedAt: Int?) {
    guard let post = await store.post(pid) else { return (PostDetailSnapshot(pid: pid, status: .inProgress), nil) }
    let comments = await store.comments(pid)
    let snapshot = PostDetailSnapshot(
      pid: pid, status: .cached, post: post, comments: comments?.comments,
      cachedAt: await store.cache.storedDate(forKey: CacheKeys.post(pid)))
    return (await resolvingQuotes(snapshot, policy: .cacheOnly), comments?.asOf)
  }

  /// `snapshot` with the quotes of its post and comments, when this cache resolves them.
  func resolvingQuotes(_ snapshot: PostDetailSnapshot, policy: CachePolicy) async -> PostDetailSnapshot {
    guard let quotes, let post = snapshot.post else { return snapshot }
    var resolved = snapshot
    resolved.quotes = await quotes.resolved(for: post, comments: snapshot.comments ?? [], policy: policy)
    return resolved
  }

  /// Asks the server and stores what it says; nil when the task was cancelled.
  func refreshed(_ cached: PostDetailSnapshot, knownUpdatedAt: Int?) async -> PostDetailSnapshot? {
    let pid = cached.pid
    let request = client.request(PostDetailRequest.self, .init(pid: pid, knownUpdatedAt: knownUpdatedAt))
    let result: PostDetailResult?
    do {
      result = try await limiter.withPermit(for: client.configuration.apiRoot) { () async throws(HollowError) in
        try await request.perform()
      }
    } catch {
      if error.isCancellation { return nil }
      if case .noSuchPost = error.kind {
        try? await store.markMissing(pid)
        return PostDetailSnapshot(pid: pid, status: .lethalFailure(error.kind.description), isDeleted: true)
      }
      var failed = cached
      failed.status = cached.status.failed(error.description)
      failed.offline = OfflineReason.of(error)
      // Cited posts the cache lacks are asked for anyway: the failure may have been this request's alone.
      return await resolvingQuotes(failed, policy: .cacheFirst)
    }
    let fresh: PostDetailSnapshot
    switch result {
    case nil:
      return nil
    case .complete(let post, let comments):
      try? await store.store(post, comments: comments)
      fresh = PostDetailSnapshot(pid: pid, status: .success, post: post, comments: comments)
    case .notModified(let post), .postOnly(let post):
      // The comments have not changed since they were cached; only the post (likes, follow) may have.
      try? await store.store(post)
      fresh = PostDetailSnapshot(pid: pid, status: .success, post: post, comments: cached.comments)
    }
    return await resolvingQuotes(fresh, policy: .cacheFirst)
  }
}

/// The publisher of ``PostDetailCache/detail(_:policy:)``: two snapshots per subscription (cached,
/// then refreshed), or fewer when cancelled.
public struct PostDetailLoad: Publisher {
  public typealias Output = PostDetailSnapshot
  public typealias Element = PostDetailSnapshot
  public typealias Failure = Never

  public let cache: PostDetailCache
  public let pid: Int
  public let policy: CachePolicy

  public func makeAsyncIterator() -> Iterator {
    Iterator(cache: cache, pid: pid, policy: policy)
  }

  /// Reads the cache on the first `next()`, refreshes on the second, ends on the third.
  public struct Iterator: AsyncIteratorProtocol {
    private enum Phase {
      case start
      case refresh(PostDetailSnapshot, knownUpdatedAt: Int?)
      case done
    }

    private let cache: PostDetailCache
    private let pid: Int
    private let policy: CachePolicy
    private var phase = Phase.start

    init(cache: PostDetailCache, pid: Int, policy: CachePolicy) {
      self.cache = cache
      self.pid = pid
      self.policy = policy
    }

    public mutating func next() async -> PostDetailSnapshot? {
      await next(isolation: nil)
    }

    public mutating func next(isolation actor: isolated (any Actor)?) async -> PostDetailSnapshot? {
      guard !Task.isCancelled else {
        phase = .done
        return nil
      }
      switch phase {
      case .start:
        let (cached, known) = await cache.cachedSnapshot(pid)
        guard policy == .cacheFirst else {
          phase = .done
          var offline = cached
          offline.status = cached.status.failed("offline: showing the cached copy")
          offline.offline = .requested
          if !offline.status.hasData { offline.status = .lethalFailure("offline and not cached") }
          return offline
        }
        phase = .refresh(cached, knownUpdatedAt: known)
        return cached
      case .refresh(let cached, let known):
        phase = .done
        return await cache.refreshed(cached, knownUpdatedAt: known)
      case .done:
        return nil
      }
    }
  }
}
