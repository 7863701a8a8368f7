/// The rules of a ``PostPager``, without any I/O: which page to fetch on refresh and load-more,
/// how arriving pages accumulate, and when the feed is exhausted.
///
/// Every fetch gets a ticket; a result whose ticket is not the current one (superseded by a refresh,
/// or cancelled) is ignored, so a late page can never overwrite newer state.
///
/// ```swift
/// var machine = PagerStateMachine(maximumPage: 150)
/// if case .fetch(let page, let ticket, _) = machine.refresh() {
///   _ = machine.pageArrived(try await feed.page(page, client: client), ticket: ticket)
/// }
/// ```
struct PagerStateMachine: Sendable {
  /// What the owner must do after an event.
  enum Action: Sendable, Equatable {
    /// Nothing (a load of that kind is already running, or the feed is exhausted).
    case none
    /// Fetch `page` and report it with `ticket`; first cancel the running fetch if `cancelRunning`.
    case fetch(page: Int, ticket: Int, cancelRunning: Bool)
  }

  private(set) var snapshot = PagerSnapshot()
  let pageSize: Int
  let maximumPage: Int
  private var knownPIDs: Set<Int> = []
  private var ticket = 0
  private var fetchingPage = 0

  init(pageSize: Int = APILimits.pageSize, maximumPage: Int) {
    self.pageSize = max(1, pageSize)
    self.maximumPage = max(1, maximumPage)
  }

  /// Starts over from page 1; a running load-more is superseded. While a refresh runs, nothing.
  mutating func refresh() -> Action {
    if snapshot.phase == .refreshing { return .none }
    let cancelRunning = snapshot.phase == .loadingMore
    snapshot.phase = .refreshing
    return startFetch(page: 1, cancelRunning: cancelRunning)
  }

  /// Fetches the page after the last loaded one (again, after a failure). Nothing while a load
  /// runs or once exhausted.
  mutating func loadMore() -> Action {
    switch snapshot.phase {
    case .refreshing, .loadingMore, .exhausted:
      return .none
    case .idle, .failed:
      snapshot.phase = .loadingMore
      return startFetch(page: snapshot.loadedPages + 1, cancelRunning: false)
    }
  }

  /// Stops the running load: its result will be ignored. Returns whether anything changed.
  mutating func cancel() -> Bool {
    guard snapshot.phase.isLoading else { return false }
    ticket += 1
    snapshot.phase = .idle
    return true
  }

  /// Takes a fetched page. Returns whether the snapshot changed (`false` for a stale ticket).
  mutating func pageArrived(_ page: PostPage, ticket: Int) -> Bool {
    guard ticket == self.ticket, snapshot.phase.isLoading else { return false }
    if fetchingPage == 1 {
      knownPIDs = []
      snapshot.posts = []
      snapshot.comments = [:]
      snapshot.config = page.config
    }
    for post in page.posts where knownPIDs.insert(post.pid).inserted {
      snapshot.posts.append(post)
      if let comments = page.comments?[post.pid] { snapshot.comments[post.pid] = comments }
    }
    snapshot.loadedPages = fetchingPage
    let isLast = page.posts.count < pageSize || fetchingPage >= maximumPage
    snapshot.phase = isLast ? .exhausted : .idle
    return true
  }

  /// Takes a failed fetch. Returns whether the snapshot changed (`false` for a stale ticket).
  mutating func pageFailed(_ error: HollowError, ticket: Int) -> Bool {
    guard ticket == self.ticket, snapshot.phase.isLoading else { return false }
    snapshot.phase = .failed(error)
    return true
  }

  private mutating func startFetch(page: Int, cancelRunning: Bool) -> Action {
    ticket += 1
    fetchingPage = page
    return .fetch(page: page, ticket: ticket, cancelRunning: cancelRunning)
  }
}
