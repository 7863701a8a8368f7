import HollowKit
import Signal
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The feed screen's view model: owns a ``FeedState`` and publishes every change of it. Intents
/// come in through ``send(_:)``.
///
/// - Pages come from a ``HollowKit/PostPager`` (the refresh state machine: idle, refreshing,
///   loading more, failed, exhausted) whose page source is the library's timeline loader, so
///   pages are cached like the print mode's and an unreachable server falls back to the cache.
/// - On start the cached page 1 shows at once (``ReaderStatus/cached(since:refreshing:)``, with its age), then
///   the refresh replaces it.
/// - Moving the cursor to the last posts loads the next page; cited posts and images load through
///   ``PostParts`` as posts arrive.
///
/// ```swift
/// let feed = FeedViewModel(services: services, kind: .timeline)
/// feed.start()
/// for await state in feed.states { render(state) }
/// ```
final class FeedViewModel: Sendable {
  private struct Core {
    var state: FeedState
    var pager: PostPager?
    var parts: PostParts?
    var subscriptions: [AnyCancellable] = []
    /// Bumped by every switch of feed, so a late answer for the previous one is ignored.
    var generation = 0
  }

  private let services: ReaderServices
  private let subject: CurrentValueSubject<FeedState, Never>
  private let core: Mutex<Core>
  /// Every state from now on, starting with the current one; a slow subscriber skips to the newest.
  let states: Publishers.Share<SubjectValues<FeedState, Never>>

  /// How close to the end the cursor gets before the next page loads.
  static let loadAhead = 3

  init(services: ReaderServices, kind: FeedKind) {
    self.services = services
    let state = FeedState(kind: kind)
    subject = CurrentValueSubject(state)
    core = Mutex(Core(state: state))
    states = subject.values(buffering: .dropOldest(1)).share(replay: 1, buffering: .dropOldest(1))
  }

  deinit {
    let (subscriptions, pager, parts) = core.withLock { ($0.subscriptions, $0.pager, $0.parts) }
    for subscription in subscriptions { subscription.cancel() }
    pager?.cancel()
    parts?.cancel()
  }

  var state: FeedState { core.withLock { $0.state } }

  /// Shows the cached page 1, then loads page 1 from the server.
  func start() {
    show(state.kind)
  }

  func send(_ intent: FeedIntent) {
    switch intent {
    case .move(let delta):
      let (pager, nearEnd) = update { state in
        state.cursor = max(0, min(state.posts.count - 1, state.cursor + delta))
        return state.posts.count - state.cursor <= Self.loadAhead
      }
      if nearEnd, let pager { Task { await pager.loadMore() } }
    case .top:
      _ = update { $0.cursor = 0 }
    case .bottom:
      let (pager, _) = update { $0.cursor = max(0, $0.posts.count - 1) }
      if let pager { Task { await pager.loadMore() } }
    case .refresh:
      let pager = core.withLock { $0.pager }
      if let pager { Task { await pager.refresh() } }
    case .show(let kind):
      show(kind)
    case .replace(let post):
      _ = update { state in
        if let index = state.posts.firstIndex(where: { $0.pid == post.pid }) { state.posts[index] = post }
      }
    }
  }

  /// Changes the state under the lock and publishes it; answers the pager and `body`'s result.
  private func update<T>(_ body: (inout FeedState) -> T) -> (PostPager?, T) {
    core.withLock { core in
      let result = body(&core.state)
      subject.trySend(core.state)
      return (core.pager, result)
    }
  }

  private func show(_ kind: FeedKind) {
    let services = services
    let (generation, old) = core.withLock { core -> (Int, (PostPager?, PostParts?, [AnyCancellable])) in
      let old = (core.pager, core.parts, core.subscriptions)
      core.generation += 1
      core.state = FeedState(kind: kind)
      core.subscriptions = []
      subject.trySend(core.state)
      return (core.generation, old)
    }
    old.0?.cancel()
    old.1?.cancel()
    for subscription in old.2 { subscription.cancel() }

    let parts = PostParts(
      services: services,
      onQuote: { [weak self] quote in self?.apply(generation) { $0.quotes[quote.pid] = quote } },
      onImage: { [weak self] path, slot in self?.apply(generation) { $0.images[path] = slot } })
    let pager = PostPager(pageSize: kind.pageSize, maximumPage: kind.maximumPage) {
      [weak self] (number) async throws(HollowError) -> PostPage in
      let model = self
      return try await Self.page(number, of: kind, services: services) { origin, reason, cachedAt in
        model?.apply(generation) { state in
          state.origin = origin
          state.offlineReason = reason
          state.cachedAt = cachedAt
        }
      }
    }
    let pagerUpdates = pager.snapshots.sink { [weak self] snapshot in
      self?.apply(generation) { state in Self.merge(snapshot, into: &state) }
      parts.load(posts: snapshot.posts)
    }
    let cachedFirstPage = services.loaders.timeline.timeline(
      feed: kind.timelineFeed, pages: [1],
      options: TimelineOptions(ordering: .inOrder, offline: true, loadsImages: false, loadsQuotes: false)
    ).sink { [weak self] event in
      guard case .page(let page) = event else { return }
      self?.apply(generation) { state in
        // The server's page may have come first: then the cache is old news.
        guard state.origin == nil, state.posts.isEmpty else { return }
        state.posts = page.posts
        state.origin = .cache
        state.cachedAt = page.cachedAt
      }
      parts.load(posts: page.posts)
    }
    core.withLock { core in
      guard core.generation == generation else { return }
      core.pager = pager
      core.parts = parts
      core.subscriptions = [pagerUpdates, cachedFirstPage]
    }
    Task { await pager.refresh() }
  }

  /// Applies `change` if the feed is still the one of `generation`.
  private func apply(_ generation: Int, _ change: (inout FeedState) -> Void) {
    core.withLock { core in
      guard core.generation == generation else { return }
      change(&core.state)
      subject.trySend(core.state)
    }
  }

  /// The pager's posts replace the shown ones once a page has arrived; the phase always shows.
  private static func merge(_ snapshot: PagerSnapshot, into state: inout FeedState) {
    state.phase = snapshot.phase
    guard snapshot.loadedPages > 0 else { return }
    state.posts = snapshot.posts
    state.cursor = min(state.cursor, max(0, state.posts.count - 1))
  }

  /// Page `number` of `kind` through the timeline loader (cached as the print mode caches it; from
  /// the cache when offline or unreachable), reporting where it came from.
  private static func page(
    _ number: Int, of kind: FeedKind, services: ReaderServices,
    origin report: @Sendable (LoadOrigin, String?, Date?) -> Void
  ) async throws(HollowError) -> PostPage {
    let options = TimelineOptions(
      ordering: .inOrder, offline: services.offline, loadsImages: false, loadsQuotes: false)
    var offlineReason: String? = services.offline ? "--offline" : nil
    var failure = HollowError(request: kind.timelineFeed.name, kind: .transport(.cancelled))
    for await event in services.loaders.timeline.timeline(feed: kind.timelineFeed, pages: [number], options: options) {
      switch event {
      case .offline(let reason):
        offlineReason = reason.description
      case .page(let page):
        report(page.origin, page.origin == .cache ? offlineReason ?? "showing the cache" : nil, page.cachedAt)
        // The page is already being cached when its event comes (a read of it waits for its
        // encoding); the rest of the stream is its posts one by one, which the reader does not need:
        // it shows the page now instead of after them.
        return page.content
      case .pageFailed(_, .request(let error)):
        failure = error
      case .pageFailed(_, .notCached):
        failure = HollowError(
          request: kind.timelineFeed.name,
          kind: .invalidInput("\(offlineReason ?? "offline"): page \(number) is not cached"))
      case .post, .progress:
        continue
      }
    }
    throw failure
  }
}
